import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog';
import { PackageList, useBuyPackage } from '#web/features/billing';
import { formatCredits } from '#web/features/credits';

/**
 * Buying credits without leaving the page (the create page, or a charge's question: ChargeConfirm): billing's packages in a dialog, the checkout in a new tab. The
 * draft stays on screen, and the realtime `credits` event updates the balance (and closes this) when they arrive.
 */
export function BuyCreditsSheet({
  open,
  onOpenChange,
  missing,
  description,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Credits still missing for the video as it is now; 0 when the server refused for credits the page did not see. */
  missing: number;
  /** What stays open while paying; the create page's draft by default. */
  description?: string;
}) {
  const { t } = useTranslation('videos');
  const { pendingId, buy } = useBuyPackage();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl" data-testid="buy-credits-sheet">
        <DialogHeader>
          <DialogTitle>{t('create.buySheet.title')}</DialogTitle>
          <DialogDescription>{description ?? t('create.buySheet.description')}</DialogDescription>
          {missing > 0 ? (
            <p className="text-sm font-medium text-destructive" data-testid="buy-sheet-missing">
              {t('create.buySheet.missing', { count: missing, missing: formatCredits(missing) })}
            </p>
          ) : null}
        </DialogHeader>
        <PackageList
          label={t('create.buySheet.packagesLabel')}
          pendingId={pendingId}
          onBuy={(id, taxId, method) => void buy(id, taxId, method)}
        />
      </DialogContent>
    </Dialog>
  );
}
