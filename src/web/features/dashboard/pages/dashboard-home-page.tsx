import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_STATS_RANGE, STATS_RANGES, type StatsRange } from '#shared/time';
import { Skeleton } from '#web/components/ui/skeleton';
import { useMe } from '#web/features/accounts';
import { PlanBadgeCard, useBillingReturn, useChosenPlanCheckout } from '#web/features/billing';
import { ExpiringCreditsAlert, useCredits } from '#web/features/credits';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useRecentActivity } from '../api/dashboard';
import { FirstVideoCard } from '../components/first-video-card';
import { QuickActions } from '../components/quick-actions';
import { RecentActivity } from '../components/recent-activity';
import { StatsSection } from '../components/stats-section';
import { localGreeting } from '../lib/localize-time';

function parseRange(value: string | null): StatsRange {
  return STATS_RANGES.find((range) => range === value) ?? DEFAULT_STATS_RANGE;
}

/**
 * /dashboard (spec §2): greeting by the hour in the user's time zone, expiring-credits alert, plan badge card,
 * stats with the range dropdown (`?range=`, this month by default), quick actions and recent activity. Back from a
 * plan checkout or the portal (`?success=true` / `?portal=1`) it syncs and toasts; with a plan chosen before the
 * account existed (`?plan=&period=`) it starts that plan's checkout.
 */
export default function DashboardHomePage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('documentTitle'));
  const { data: me } = useMe();
  const credits = useCredits();
  const recent = useRecentActivity();
  // No video yet (the recent list covers all time): lead with making one; the spec's stats (and the balance) follow.
  const firstVisit = recent.data?.length === 0;
  const [searchParams, setSearchParams] = useSearchParams();
  const range = parseRange(searchParams.get('range'));
  useBillingReturn();
  useChosenPlanCheckout();

  const setRange = (next: StatsRange) =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === DEFAULT_STATS_RANGE) copy.delete('range');
        else copy.set('range', next);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );

  if (!me) {
    return (
      <div className="container-page flex flex-col gap-6 py-8 sm:py-10" aria-busy="true">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-5 w-80 max-w-full" />
      </div>
    );
  }

  const timeZone = me.profile.timezone;
  // The trial's grant, unspent: the first dashboard celebrates it instead of warning that it expires.
  const trial = credits.data?.grants.find((grant) => grant.source === 'trial' && grant.remaining > 0);
  const gift = trial?.expiresAt ? { credits: trial.remaining, expiresAt: trial.expiresAt } : null;
  const greeting = localGreeting(t, new Date(), timeZone);
  const name = me.user.name.trim();

  return (
    <div className="container-page flex flex-col gap-6 py-8 sm:gap-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="greeting">
          {name ? t('greetingWithName', { greeting, name }) : t('greetingAlone', { greeting })}
        </h1>
        <p className="text-muted-foreground">{t('subtitle')}</p>
      </header>
      {credits.data && !(firstVisit && gift && credits.data.expiringSoon.total <= gift.credits) ? (
        <ExpiringCreditsAlert expiringSoon={credits.data.expiringSoon} />
      ) : null}
      {firstVisit ? <FirstVideoCard gift={gift} timeZone={timeZone} /> : null}
      <PlanBadgeCard />
      <StatsSection range={range} onRangeChange={setRange} />
      <QuickActions />
      <RecentActivity timeZone={timeZone} />
    </div>
  );
}
