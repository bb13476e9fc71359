import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPayout } from '#shared/payout';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { useMarkPayoutPaid } from '../api/payouts';

/** What the server's refusal means to the operator: already paid (409), gone (404), or a failure to retry. */
function refusalKey(error: unknown): 'notPending' | 'notFound' | 'markFailed' {
  if (isApiError(error) && error.code === 'payout_not_pending') return 'notPending';
  if (isApiError(error) && error.code === 'payout_not_found') return 'notFound';
  return 'markFailed';
}

/**
 * "Marcar como pago" on a pending Pix refund: a confirmation repeating the amount and the key (marking does not
 * transfer anything — the operator pays from the bank first, ADR 0053), then the request, both buttons busy
 * meanwhile. The server marks a payout once, so a refusal is said in pt-BR and the lists refresh.
 */
export function PayoutPaidButton({
  payout,
  customer,
  amount,
}: {
  payout: AdminPayout;
  customer: string;
  amount: string;
}) {
  const { t } = useTranslation('admin');
  const mark = useMarkPayoutPaid();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    setRefusal(null);
    try {
      await mark.mutateAsync(payout.claim);
      setOpen(false);
      toast.success(t('payouts.marked'));
    } catch (error) {
      setRefusal(t(`payouts.${refusalKey(error)}`));
    }
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        loading={mark.isPending}
        aria-label={t('payouts.markPaidLabel', { amount, customer })}
        data-testid="payout-mark-paid"
        onClick={() => {
          setRefusal(null);
          setOpen(true);
        }}
      >
        <BadgeCheck aria-hidden="true" />
        {t('payouts.markPaid')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('payouts.confirmTitle')}
        description={t('payouts.confirmBody', { amount, pixKey: payout.pixKey, customer })}
        cancelLabel={t('payouts.keep')}
        confirmLabel={refusal ? null : t('payouts.confirm')}
        onConfirm={() => void confirm()}
        pending={mark.isPending}
        testId="payout-paid-dialog"
        confirmTestId="confirm-payout-paid"
      >
        {refusal ? (
          <p role="alert" className="text-sm text-destructive" data-testid="payout-paid-refusal">
            {refusal}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
