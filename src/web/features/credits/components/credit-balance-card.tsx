import { Coins, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCredits } from '../api/get-credits';
import { formatCredits } from '../lib/format';

/** The balance with a Buy credits button: loading skeleton, error with retry, then the live value. */
export function CreditBalanceCard() {
  const { t } = useTranslation('credits');
  const credits = useCredits();
  const balance = credits.data?.balance;

  return (
    <Card data-testid="balance-card">
      <CardHeader className="flex-row items-center justify-between gap-4 pb-2!">
        <CardTitle as="h2" className="text-base! font-medium text-muted-foreground">
          {t('balance.title')}
        </CardTitle>
        <Coins aria-hidden="true" className="size-5 text-primary" />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex h-10 items-baseline gap-2" aria-live="polite">
          {balance !== undefined ? (
            <>
              <span className="text-4xl font-bold tracking-tight tabular-nums" data-testid="balance-value">
                {formatCredits(balance)}
              </span>
              <span className="text-muted-foreground">{t('balance.unit', { count: balance })}</span>
            </>
          ) : credits.isError ? (
            <span className="flex items-center gap-3 text-sm text-destructive">
              {t('balance.error')}
              <Button
                size="sm"
                variant="outline"
                onClick={() => void credits.refetch()}
                loading={credits.isFetching}
              >
                {t('balance.retry')}
              </Button>
            </span>
          ) : (
            <Skeleton className="h-9 w-28" />
          )}
        </div>
        <Button asChild className="w-full sm:w-fit">
          <Link to="/dashboard/buy-credits">
            <ShoppingCart aria-hidden="true" />
            {t('balance.buy')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
