import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '#web/components/ui/spinner';
import { PreferencesCard, useMe } from '#web/features/accounts';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { NotificationsCard } from '../components/notifications-card';
import { PushDeviceCard } from '../components/push-device-card';

/**
 * /dashboard/settings (listed in the spec without content): notification preferences (e-mail, and Web Push on this
 * device), and shortcuts to the
 * profile's language and time zone (the same card and save calls as the profile), with a link to the profile.
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('documentTitle'));
  const { data: me } = useMe();

  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 py-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('subtitle')}</p>
      </header>
      <NotificationsCard />
      <PushDeviceCard />
      {me ? (
        <div className="flex flex-col gap-3">
          <PreferencesCard me={me} />
          <Link
            to="/dashboard/profile"
            data-testid="settings-profile-link"
            className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {t('preferences.profileLink')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      ) : (
        <PageSpinner className="min-h-40" />
      )}
    </div>
  );
}
