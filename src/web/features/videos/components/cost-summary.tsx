import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatCredits } from '#web/features/credits';

/** Cost, current balance and balance after; when the balance is short, the way to buy without leaving. */
export function CostSummary({
  cost,
  videos,
  balance,
  balanceError,
  showPricing,
  onBuy,
}: {
  cost: number;
  /** How many videos the cost is for (the variations): "Custo dos 3 vídeos", not "Custo do vídeo". */
  videos: number;
  balance: number | undefined;
  balanceError: boolean;
  /** Show the buy button (short balance, or the server refused for credits). */
  showPricing: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation('videos');
  const credits = (value: number) =>
    t('create.summary.credits', { count: value, value: formatCredits(value) });
  const after = balance === undefined ? undefined : balance - cost;
  const short = after !== undefined && after < 0;
  const row = 'flex items-center justify-between gap-4 py-2';
  const pending = balanceError ? t('create.summary.unavailable') : <Skeleton className="h-5 w-20" />;
  return (
    <Card data-testid="cost-summary">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Coins aria-hidden="true" className="size-5 text-primary" />
          {t('create.summary.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <dl className="divide-y divide-border text-sm">
          <div className={row}>
            <dt className="text-muted-foreground">{t('create.summary.cost', { count: videos })}</dt>
            <dd className="font-semibold tabular-nums" data-testid="summary-cost" data-value={cost}>
              {credits(cost)}
            </dd>
          </div>
          <div className={row}>
            <dt className="text-muted-foreground">{t('create.summary.balance')}</dt>
            <dd className="tabular-nums" data-testid="summary-balance" data-value={balance}>
              {balance === undefined ? pending : credits(balance)}
            </dd>
          </div>
          <div className={row}>
            <dt className="text-muted-foreground">{t('create.summary.after')}</dt>
            <dd
              className={short ? 'font-semibold text-destructive' : 'font-semibold tabular-nums'}
              data-testid="summary-after"
              data-value={after}
            >
              {after === undefined ? pending : short ? t('create.summary.insufficient') : credits(after)}
            </dd>
          </div>
        </dl>
        {short ? (
          <p role="status" className="text-sm font-medium text-destructive" data-testid="summary-short">
            {t('create.summary.short', { count: -(after ?? 0), missing: formatCredits(-(after ?? 0)) })}
          </p>
        ) : null}
        {short || showPricing ? (
          <Button
            type="button"
            variant="outline"
            className="w-full"
            onClick={onBuy}
            data-testid="get-credits"
          >
            {t('create.summary.getCredits')}
          </Button>
        ) : null}
        <p className="text-xs text-muted-foreground">{t('create.summary.refund')}</p>
      </CardContent>
    </Card>
  );
}
