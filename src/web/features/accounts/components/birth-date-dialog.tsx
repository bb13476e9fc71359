import { ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
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
function BirthDateDialog({
  open,
  onOpenChange,
  overDialog,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened over the action's dialog: that one's backdrop already dims the page, so this draws none. */
  overDialog: boolean;
  /** Where focus goes when it closes: it has no trigger of its own to go back to. */
  returnFocus?: () => HTMLElement | null;
}) {
  const { t } = useTranslation('accounts');
  const onCloseAutoFocus = (event: Event) => {
    const target = returnFocus?.();
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="age-gate-dialog" overlay={!overDialog} onCloseAutoFocus={onCloseAutoFocus}>
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
 * for any other error. Render `dialog` outside the action's own form. While `asking`, the action's own dialog is
 * to be hidden (`hidden={asking}` on its content): one dialog on one backdrop, not a card half-covering another on
 * a page dimmed twice; it comes back, text and all, when this one closes.
 */
export function useBirthDateGate() {
  const [open, setOpen] = useState(false);
  const [overDialog, setOverDialog] = useState(false);
  // The action's button is disabled while its call runs, which drops focus to the page: on closing, focus goes
  // back into the action's dialog (open beneath this one), so a keyboard is one Tab from its fields and confirm.
  const beneath = useRef<HTMLElement | null>(null);
  const asks = (error: unknown) => {
    if (!isApiError(error) || error.code !== 'birth_date_required') return false;
    const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"]');
    beneath.current = dialogs[dialogs.length - 1] ?? null;
    setOverDialog(beneath.current !== null);
    setOpen(true);
    return true;
  };
  return {
    asks,
    asking: open,
    dialog: (
      <BirthDateDialog
        open={open}
        onOpenChange={setOpen}
        overDialog={overDialog}
        returnFocus={() => beneath.current}
      />
    ),
  };
}
