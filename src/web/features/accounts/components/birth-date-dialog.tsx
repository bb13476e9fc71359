import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog';
import { isApiError } from '#web/lib/api';
import { BirthDateForm } from './birth-date-form';

/**
 * "Confirme sua idade" over a page that spends without being one of the age-gated pages (ADR 0066): the video
 * page's paid actions. Same question and form as the screen before the create page; it closes once the date is
 * stored, back on the action, which can then be confirmed again.
 */
export function BirthDateDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="age-gate-dialog">
        <DialogHeader>
          <ShieldCheck aria-hidden="true" className="size-8 text-primary" />
          <DialogTitle>{t('ageGate.title')}</DialogTitle>
          <DialogDescription>{t('ageGate.body')}</DialogDescription>
        </DialogHeader>
        <BirthDateForm onConfirmed={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * For a paid action's error handler: `asks(error)` is true for the server's 403 `birth_date_required` — the
 * dialog opens and the caller shows nothing else (its raw message would only say what the dialog asks) — and false
 * for any other error. Render `dialog` outside the action's own form.
 */
export function useBirthDateGate() {
  const [open, setOpen] = useState(false);
  const asks = (error: unknown) => {
    if (!isApiError(error) || error.code !== 'birth_date_required') return false;
    setOpen(true);
    return true;
  };
  return { asks, dialog: <BirthDateDialog open={open} onOpenChange={setOpen} /> };
}
