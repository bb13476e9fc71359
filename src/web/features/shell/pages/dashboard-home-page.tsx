import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../app/use-document-title';
import { Button } from '../../../components/ui/button';
import { useMe } from '../../accounts/api/me';
import { useCredits } from '../../credits/api/get-credits';
import { CreditBalanceCard } from '../../credits/components/credit-balance-card';
import { ExpiringCreditsAlert } from '../../credits/components/expiring-credits-alert';
import { greetingPeriod } from '../lib/greeting';

/** /dashboard (minimal until the dashboard issue): greeting in the user's time zone, balance, expiring credits. */
export default function DashboardHomePage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('home.documentTitle'));
  const { data: me } = useMe();
  const credits = useCredits();
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
        <section className="flex flex-col justify-between gap-4 rounded-(--radius-card) border border-dashed border-border bg-card p-5 sm:p-6">
          <div className="flex flex-col gap-1.5">
            <h2 className="text-base font-semibold">{t('home.plansTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('home.plansBody')}</p>
          </div>
          <Button asChild variant="outline" className="w-full sm:w-fit">
            <Link to="/pricing">
              {t('home.seePlans')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </section>
      </div>
      <p className="text-sm text-muted-foreground">{t('home.more')}</p>
    </div>
  );
}
