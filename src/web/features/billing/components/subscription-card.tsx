import { ArrowRight, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_TIME_ZONE, formatDate } from '#shared/format';
import { renewalText } from '#shared/renewal';
import { renewByPixPath } from '#shared/routes';
import { prepaidRenewalDue } from '#shared/subscription';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { isCurrentSubscription, type Subscription } from '../api/billing-calls';
import { useSubscription } from '../api/subscription';
import { usePortalAction } from '../hooks/use-portal-action';
import { planName } from '../lib/plan';
import { SubscriptionStatusBadge } from './subscription-status-badge';

function useRenewalLabel(subscription: Subscription, timeZone: string): string {
  const { t } = useTranslation('billing');
  const text = renewalText(new Date(subscription.currentPeriodEnd), new Date(), timeZone);
  const group = subscription.cancelAtPeriodEnd ? 'endsText' : 'renews';
  switch (text.kind) {
    case 'expired':
      return t(`subscription.${group}.expired`, { date: text.date });
    case 'today':
      return t(`subscription.${group}.today`);
    case 'tomorrow':
      return t(`subscription.${group}.tomorrow`);
    case 'days':
      return t(`subscription.${group}.days`, { count: text.days });
    case 'date':
      return t(`subscription.${group}.date`, { date: text.date });
  }
}

function SubscriptionDetails({ subscription, timeZone }: { subscription: Subscription; timeZone: string }) {
  const { t } = useTranslation('billing');
  const renewal = useRenewalLabel(subscription, timeZone);
  const row = 'flex flex-col gap-0.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4';
  return (
    <dl className="flex flex-col gap-3 text-sm">
      <div className={row}>
        <dt className="text-muted-foreground">{t('subscription.plan')}</dt>
        <dd className="font-semibold" data-testid="subscription-plan">
          {planName(subscription)}
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t('subscription.status')}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <SubscriptionStatusBadge status={subscription.status} />
          {subscription.cancelAtPeriodEnd ? (
            <Badge variant="warning" data-testid="subscription-cancel-at-period-end">
              {t('subscription.cancelAtPeriodEnd')}
            </Badge>
          ) : null}
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t('subscription.period')}</dt>
        <dd>{t(`plans.period.${subscription.billingPeriod}`)}</dd>
      </div>
      {subscription.collection === 'prepaid' ? (
        // A prepaid period never renews (ADR 0042): the date it is paid until, as Brazil's calendar has it.
        <div className={row}>
          <dt className="text-muted-foreground">{t('subscription.ends')}</dt>
          <dd className="font-medium" data-testid="subscription-paid-by-pix">
            {t('subscription.paidByPixUntil', {
              date: formatDate(new Date(subscription.currentPeriodEnd), DEFAULT_TIME_ZONE),
            })}
          </dd>
          <dd className="text-muted-foreground sm:basis-full" data-testid="subscription-no-auto-renewal">
            {t('subscription.noAutoRenewal', {
              date: formatDate(new Date(subscription.currentPeriodEnd), DEFAULT_TIME_ZONE),
            })}
          </dd>
        </div>
      ) : (
        <div className={row}>
          <dt className="text-muted-foreground">
            {subscription.cancelAtPeriodEnd ? t('subscription.ends') : t('subscription.renewal')}
          </dt>
          <dd data-testid="subscription-renewal">{renewal}</dd>
        </div>
      )}
    </dl>
  );
}

/** Profile 'Assinatura atual': plan, status, renewal text (spec §9), cancel-at-period-end, portal, link to /pricing. */
export function SubscriptionCard({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const query = useSubscription();
  const portal = usePortalAction();
  const subscription = isCurrentSubscription(query.data?.subscription) ? query.data.subscription : null;

  return (
    <Card aria-labelledby={titleId} data-testid="profile-subscription">
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {t('subscription.title')}
        </CardTitle>
        <CardDescription>{t('subscription.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {query.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : query.isError && !query.data ? (
          <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {t('subscription.loadError')}
            <Button
              size="sm"
              variant="outline"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              {t('subscription.retry')}
            </Button>
          </p>
        ) : subscription ? (
          <SubscriptionDetails subscription={subscription} timeZone={timeZone} />
        ) : (
          <p className="text-sm" data-testid="subscription-free">
            {t('subscription.free')}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {subscription?.collection === 'prepaid' ? (
            // Renewing leads only inside the reminder window: on day one the plan simply runs (ADR 0042).
            <Button
              asChild
              variant={prepaidRenewalDue(new Date(subscription.currentPeriodEnd)) ? 'primary' : 'outline'}
              data-testid="renew-by-pix"
            >
              <Link to={renewByPixPath(subscription.planId, subscription.billingPeriod)}>
                {t('subscription.renewByPix')}
              </Link>
            </Button>
          ) : subscription ? (
            <Button
              onClick={() => void portal.run()}
              loading={portal.isPending}
              aria-describedby={`${titleId}-portal-hint`}
              data-testid="open-portal"
            >
              {portal.isPending ? t('processing') : t('subscription.portal')}
              {portal.isPending ? null : <ExternalLink aria-hidden="true" />}
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/pricing">
              {t('subscription.seePlans')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        {subscription && subscription.collection !== 'prepaid' ? (
          <p id={`${titleId}-portal-hint`} className="sr-only">
            {t('subscription.portalHint')}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
