import { ArrowRight, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_TIME_ZONE, formatDate } from '#shared/format';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatCredits } from '#web/features/credits';
import { isCurrentSubscription } from '../api/billing-calls';
import { useSubscription } from '../api/subscription';
import { planName, subscriptionCredits } from '../lib/plan';
import { SubscriptionStatusBadge } from './subscription-status-badge';

/** Dashboard plan badge card (spec §2): plan name + status, or 'Plano Free', with a link to the plans. */
export function PlanBadgeCard() {
  const { t } = useTranslation('billing');
  const query = useSubscription();
  const subscription = isCurrentSubscription(query.data?.subscription) ? query.data.subscription : null;
  const credits = subscription ? subscriptionCredits(subscription) : null;

  return (
    <Card data-testid="plan-card">
      <CardHeader className="flex-row items-center justify-between gap-4 pb-2!">
        <CardTitle as="h2" className="text-base! font-medium text-muted-foreground">
          {t('plans.label')}
        </CardTitle>
        <Sparkles aria-hidden="true" className="size-5 text-primary" />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex min-h-10 flex-col justify-center gap-1" aria-live="polite">
          {query.isPending ? (
            <Skeleton className="h-8 w-40" />
          ) : query.isError && !query.data ? (
            <span className="flex flex-wrap items-center gap-3 text-sm text-destructive">
              {t('plans.loadError')}
              <Button
                size="sm"
                variant="outline"
                onClick={() => void query.refetch()}
                loading={query.isFetching}
              >
                {t('plans.retry')}
              </Button>
            </span>
          ) : subscription ? (
            <>
              <p className="flex flex-wrap items-center gap-2">
                <span className="text-2xl font-bold tracking-tight" data-testid="plan-name">
                  {t('plans.badge', { plan: planName(subscription) })}
                </span>
                <SubscriptionStatusBadge status={subscription.status} />
              </p>
              <p className="text-sm text-muted-foreground">
                {t(`plans.period.${subscription.billingPeriod}`)}
                {credits !== null ? ` · ${t('plans.activeBody', { credits: formatCredits(credits) })}` : null}
              </p>
              {subscription.collection === 'prepaid' ? (
                // A Pix plan never renews by itself (ADR 0042): the dashboard says so, with the date it ends.
                <p className="text-sm font-medium" data-testid="plan-prepaid-until">
                  {t('plans.prepaidUntil', {
                    date: formatDate(new Date(subscription.currentPeriodEnd), DEFAULT_TIME_ZONE),
                  })}
                </p>
              ) : null}
            </>
          ) : (
            <>
              <p className="text-2xl font-bold tracking-tight" data-testid="plan-name">
                {t('plans.free')}
              </p>
              <p className="text-sm text-muted-foreground">{t('plans.freeBody')}</p>
            </>
          )}
        </div>
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link to="/pricing">
            {subscription ? t('plans.changePlan') : t('plans.seePlans')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
