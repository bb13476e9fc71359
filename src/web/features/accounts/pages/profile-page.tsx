import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentHistoryCard, SubscriptionCard } from '#web/features/billing';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useMe } from '../api/me';
import { ChangePasswordCard } from '../components/profile/change-password-card';
import { DataRightsCard } from '../components/profile/data-rights-card';
import { InviteCard } from '../components/profile/invite-card';
import { PersonalInfoCard } from '../components/profile/personal-info-card';
import { PreferencesCard } from '../components/profile/preferences-card';
import { SessionsCard } from '../components/profile/sessions-card';
import { TwoFactorCard } from '../components/profile/two-factor-card';

/**
 * /dashboard/profile: personal info, preferences (language, time zone), this device's notifications, current subscription (portal, link to
 * /pricing), payment history, security (password, two-factor, sign out everywhere, export my data, delete my
 * account), then `children`: what the app adds below (the way to Desenvolvedores, src/web/app/pages/profile.tsx), so
 * accounts never imports a feature that itself needs accounts (ADR 0003).
 * Rendered inside the auth guard, so the user is loaded.
 */
export default function ProfilePage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('profile.documentTitle'));
  const { data: me } = useMe();
  if (!me) return null; // the guard shows the spinner / redirect

  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 py-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('profile.title')}</h1>
        <p className="text-muted-foreground">{t('profile.subtitle')}</p>
      </header>
      <PersonalInfoCard me={me} />
      <PreferencesCard me={me} />
      <SubscriptionCard timeZone={me.profile.timezone} />
      <PaymentHistoryCard timeZone={me.profile.timezone} />
      <InviteCard timeZone={me.profile.timezone} />
      <section aria-labelledby="profile-security" className="flex flex-col gap-4">
        <h2 id="profile-security" className="mt-2 text-xl font-semibold tracking-tight">
          {t('profile.security')}
        </h2>
        <ChangePasswordCard />
        <TwoFactorCard me={me} />
        <SessionsCard />
        <DataRightsCard me={me} />
      </section>
      {children}
    </div>
  );
}
