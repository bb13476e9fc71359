import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../app/use-document-title';
import { useMe } from '../../accounts/api/me';
import { PlanBadgeCard } from '../../billing/components/plan-badge-card';
import { useBillingReturn } from '../../billing/hooks/use-billing-return';
import { useCredits } from '../../credits/api/get-credits';
import { CreditBalanceCard } from '../../credits/components/credit-balance-card';
import { ExpiringCreditsAlert } from '../../credits/components/expiring-credits-alert';
import { greetingPeriod } from '../lib/greeting';

/**
 * /dashboard (minimal until the dashboard issue): greeting in the user's time zone, balance, plan badge card,
 * expiring credits; back from a plan checkout or the portal (`?success=true` / `?portal=1`) it syncs and toasts.
 */
export default function DashboardHomePage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('home.documentTitle'));
  const { data: me } = useMe();
  const credits = useCredits();
  useBillingReturn();
  if (!me) return null;

  const greeting = t(`home.greeting.${greetingPeriod(new Date(), me.profile.timezone)}`);
  const name = me.user.name.trim();

  return (
    <div className="container-page flex flex-col gap-6 py-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="greeting">
          {name ? t('home.greetingWithName', { greeting, name }) : t('home.greetingAlone', { greeting })}
        </h1>
        <p className="text-muted-foreground">{t('home.subtitle')}</p>
      </header>
      {credits.data ? <ExpiringCreditsAlert expiringSoon={credits.data.expiringSoon} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <CreditBalanceCard />
        <PlanBadgeCard />
      </div>
      <p className="text-sm text-muted-foreground">{t('home.more')}</p>
    </div>
  );
}
