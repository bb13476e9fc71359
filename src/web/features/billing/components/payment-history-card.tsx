import { Receipt } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/catalogue';
import { formatBRL, formatDate } from '#shared/format';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatCredits } from '#web/features/credits';
import { cn } from '#web/lib/cn';
import { useTransactions } from '../api/transactions';
import { type PurchaseLine, purchaseLines } from '../lib/purchase-lines';
import { PaymentNota } from './payment-nota';
import { WithdrawalButton } from './withdrawal-button';

function useCreditsLabel() {
  const { t } = useTranslation('billing');
  return (amount: number): string => {
    const count = Math.abs(amount);
    const value = formatCredits(count);
    return amount < 0
      ? t('history.creditsNegative', { count, value })
      : t('history.creditsPositive', { count, value });
  };
}

/**
 * Profile 'Histórico de pagamentos': the last 10 transactions, a purchase and the credits it added as ONE line
 * (payments in R$ from cents), with Stripe's "Recibo" when the payment has one, its nota fiscal once there is one,
 * and "Desistir da compra" on a package still within its withdrawal period.
 */
export function PaymentHistoryCard({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const query = useTransactions();
  const creditsLabel = useCreditsLabel();
  const transactions = query.data?.transactions.slice(0, LIMITS.transactionsShown);
  const lines = transactions ? purchaseLines(transactions) : undefined;

  return (
    <Card aria-labelledby={titleId} data-testid="payment-history">
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {t('history.title')}
        </CardTitle>
        <CardDescription>{t('history.description', { count: LIMITS.transactionsShown })}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : query.isError && !transactions ? (
          <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {t('history.loadError')}
            <Button
              size="sm"
              variant="outline"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              {t('history.retry')}
            </Button>
          </p>
        ) : !transactions || transactions.length === 0 ? (
          <div
            className="flex flex-col items-center gap-2 py-6 text-center"
            data-testid="payment-history-empty"
          >
            <Receipt aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">{t('history.empty')}</p>
            <p className="text-sm text-muted-foreground">{t('history.emptyBody')}</p>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {lines?.map((line) => (
              <HistoryLine key={line.id} line={line} timeZone={timeZone} creditsLabel={creditsLabel} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryLine({
  line,
  timeZone,
  creditsLabel,
}: {
  line: PurchaseLine;
  timeZone: string;
  creditsLabel: (amount: number) => string;
}) {
  const { t } = useTranslation('billing');
  const { head, credits } = line;
  const isPayment = head.type === 'payment';
  return (
    <li
      data-testid="transaction"
      data-type={head.type}
      className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0"
    >
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="text-sm font-medium break-words">
            {head.description || t(`history.type.${head.type}`)}
          </span>
          <span className="text-xs text-muted-foreground">
            <span className="sr-only">{t('history.date')}: </span>
            <time dateTime={head.createdAt}>{formatDate(new Date(head.createdAt), timeZone)}</time>
            {' · '}
            {isPayment && head.amount < 0 ? t('history.reversal') : t(`history.type.${head.type}`)}
          </span>
        </div>
        <span className="flex shrink-0 flex-col items-end text-sm whitespace-nowrap tabular-nums">
          <span className="font-semibold" data-testid="transaction-amount">
            <span className="sr-only">{t('history.amount')}: </span>
            {isPayment ? formatBRL(head.amount) : creditsLabel(head.amount)}
          </span>
          {isPayment && credits !== null ? (
            <span
              className={cn('text-xs', credits > 0 ? 'text-success' : 'text-muted-foreground')}
              data-testid="transaction-credits"
            >
              {creditsLabel(credits)}
            </span>
          ) : null}
        </span>
      </div>
      {head.receiptUrl ? (
        <a
          href={head.receiptUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="self-start text-sm underline underline-offset-4"
          aria-label={t('history.receiptLabel', { description: head.description })}
          data-testid="transaction-receipt"
        >
          {t('history.receipt')}
        </a>
      ) : null}
      {head.nota ? <PaymentNota nota={head.nota} description={head.description} /> : null}
      {head.withdrawal ? (
        <div>
          <WithdrawalButton
            sessionId={head.withdrawal.sessionId}
            amountCents={head.amount}
            credits={credits ?? 0}
            until={head.withdrawal.until}
            timeZone={timeZone}
          />
        </div>
      ) : null}
    </li>
  );
}
