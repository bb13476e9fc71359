import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { formatCredits } from '#web/features/credits';

/**
 * The shortfall at the top of the create page, beside the cost, the moment it exists (a three-screen form must not
 * hide it below), with the way to buy without leaving the page.
 */
export function ShortfallNotice({
  cost,
  balance,
  onBuy,
}: {
  cost: number;
  balance: number;
  onBuy: () => void;
}) {
  const { t } = useTranslation('videos');
  const credits = (value: number) =>
    t('create.summary.credits', { count: value, value: formatCredits(value) });
  const missing = cost - balance;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-(--radius-card) border border-destructive/30 bg-destructive-soft p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="create-shortfall"
    >
      <p className="flex items-start gap-2 text-sm text-destructive">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">{t('create.summary.insufficient')}</strong>{' '}
          {t('create.summary.top', {
            count: missing,
            missing: formatCredits(missing),
            cost: credits(cost),
            balance: credits(balance),
          })}
        </span>
      </p>
      <Button type="button" size="sm" className="shrink-0" onClick={onBuy} data-testid="shortfall-buy">
        {t('create.summary.getCredits')}
      </Button>
    </div>
  );
}
