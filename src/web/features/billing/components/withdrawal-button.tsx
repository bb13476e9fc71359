import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withdrawalSchema } from '#shared/billing';
import { formatBRL, formatDate } from '#shared/format';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { FieldError, Input, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import { ApiError } from '#web/lib/api';
import { useWithdrawPurchase } from '../api/withdraw-purchase';

/** A refusal in the server's words; `askPixKey` when the purchase was a boleto, refunded by Pix (ADR 0053). */
type Outcome = { message: string; askPixKey: boolean } | null;

/**
 * "Desistir da compra" on an eligible package line (CDC art. 49, ADR 0053): a confirmation saying what happens —
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
  const [pixKey, setPixKey] = useState('');
  const [pixKeyError, setPixKeyError] = useState<string | null>(null);
  const pixKeyId = useId();

  const send = async (body: { sessionId: string; pixKey?: string }) => {
    try {
      const answer = await withdraw.mutateAsync(body);
      setOpen(false);
      toast.success(answer.message);
    } catch (error) {
      setOutcome({
        message: error instanceof ApiError ? error.message : t('withdrawal.failed'),
        askPixKey:
          error instanceof ApiError &&
          (error.code === 'payout_details_required' || outcome?.askPixKey === true),
      });
    }
  };

  const confirm = () => {
    if (!outcome?.askPixKey) return void send({ sessionId });
    const checked = withdrawalSchema.safeParse({ sessionId, pixKey });
    if (!checked.success) {
      setPixKeyError(checked.error.issues[0]?.message ?? t('withdrawal.failed'));
      return;
    }
    setPixKeyError(null);
    return void send(checked.data);
  };
  const askingPixKey = outcome?.askPixKey === true;

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        data-testid="withdraw-purchase"
        onClick={() => {
          setOutcome(null);
          setPixKey('');
          setPixKeyError(null);
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
        cancelLabel={outcome && !askingPixKey ? t('withdrawal.close') : t('withdrawal.keep')}
        confirmLabel={askingPixKey ? t('withdrawal.confirmPix') : outcome ? null : t('withdrawal.confirm')}
        onConfirm={confirm}
        pending={withdraw.isPending}
        confirmTestId="confirm-withdrawal"
      >
        {outcome ? (
          <p
            role={askingPixKey ? undefined : 'alert'}
            className={askingPixKey ? 'text-sm' : 'text-sm text-destructive'}
            data-testid="withdrawal-outcome"
          >
            {outcome.message}
          </p>
        ) : null}
        {askingPixKey ? (
          <div className="grid gap-2">
            <Label htmlFor={pixKeyId}>{t('withdrawal.pixKey')}</Label>
            <Input
              id={pixKeyId}
              value={pixKey}
              autoComplete="off"
              onChange={(event) => setPixKey(event.target.value)}
              aria-invalid={pixKeyError !== null}
              aria-describedby={pixKeyError ? `${pixKeyId}-error` : undefined}
              data-testid="withdrawal-pix-key"
            />
            <FieldError id={`${pixKeyId}-error`}>{pixKeyError}</FieldError>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
