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
import type { Transaction } from '../api/billing-calls';
import { useTransactions } from '../api/transactions';

function useAmountLabel() {
  const { t } = useTranslation('billing');
  return (transaction: Transaction): string => {
    if (transaction.type === 'payment') return formatBRL(transaction.amount);
    const value = formatCredits(Math.abs(transaction.amount));
    const count = Math.abs(transaction.amount);
    return transaction.amount < 0
      ? t('history.creditsNegative', { count, value })
      : t('history.creditsPositive', { count, value });
  };
}

/** Profile 'Histórico de pagamentos': the last 10 transactions (payments in R$ from cents, credit entries). */
export function PaymentHistoryCard({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const query = useTransactions();
  const amountLabel = useAmountLabel();
  const transactions = query.data?.transactions.slice(0, LIMITS.transactionsShown);

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
            {transactions.map((transaction) => (
              <li
                key={transaction.id}
                data-testid="transaction"
                data-type={transaction.type}
                className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0"
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="text-sm font-medium break-words">
                    {transaction.description || t(`history.type.${transaction.type}`)}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    <span className="sr-only">{t('history.date')}: </span>
                    <time dateTime={transaction.createdAt}>
                      {formatDate(new Date(transaction.createdAt), timeZone)}
                    </time>
                    {' · '}
                    {t(`history.type.${transaction.type}`)}
                  </span>
                </div>
                <span
                  className={cn(
                    'shrink-0 text-sm font-semibold whitespace-nowrap tabular-nums',
                    transaction.type === 'credit' && transaction.amount > 0 && 'text-success',
                  )}
                  data-testid="transaction-amount"
                >
                  <span className="sr-only">{t('history.amount')}: </span>
                  {amountLabel(transaction)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
