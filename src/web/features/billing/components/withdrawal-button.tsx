import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBRL, formatDate } from '#shared/format';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { ApiError } from '#web/lib/api';
import { useWithdrawPurchase } from '../api/withdraw-purchase';

type Outcome = { message: string } | null;

/**
 * "Desistir da compra" on an eligible package line (CDC art. 49, ADR 0030): a confirmation saying what happens —
 * the whole price back, the package's credits leave the balance — then the server's own words for the outcome
 * (its refusals say why, and where to get help). A refund is said in a toast (ADR 0045: the page does not show
 * it): the payment history reloads without this line's offer, and the dialog goes with the line.
 */
export function WithdrawalButton({
  sessionId,
  amountCents,
  credits,
  until,
  timeZone,
}: {
  sessionId: string;
  amountCents: number;
  credits: number;
  until: string;
  timeZone: string;
}) {
  const { t } = useTranslation('billing');
  const withdraw = useWithdrawPurchase();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const confirm = async () => {
    try {
      const answer = await withdraw.mutateAsync(sessionId);
      setOpen(false);
      toast.success(answer.message);
    } catch (error) {
      setOutcome({ message: error instanceof ApiError ? error.message : t('withdrawal.failed') });
    }
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        data-testid="withdraw-purchase"
        onClick={() => {
          setOutcome(null);
          setOpen(true);
        }}
      >
        {t('withdrawal.button')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        testId="withdrawal-dialog"
        title={t('withdrawal.title')}
        description={
          outcome
            ? null
            : t('withdrawal.body', {
                amount: formatBRL(amountCents),
                credits,
                until: formatDate(new Date(until), timeZone),
              })
        }
        cancelLabel={outcome ? t('withdrawal.close') : t('withdrawal.keep')}
        confirmLabel={outcome ? null : t('withdrawal.confirm')}
        onConfirm={() => void confirm()}
        pending={withdraw.isPending}
        confirmTestId="confirm-withdrawal"
      >
        {outcome ? (
          <p role="alert" className="text-sm text-destructive" data-testid="withdrawal-outcome">
            {outcome.message}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
