import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useMe } from '#web/features/accounts';
import { useCheckSubscriptionOnSignIn } from '#web/features/billing';
import { TopBar } from '../components/top-bar';
import { useRealtime } from '../hooks/use-realtime';
import { useServiceWorker } from '../hooks/use-service-worker';
import { useSessionSync } from '../hooks/use-session-sync';

/**
 * The signed-in shell around /dashboard/* and the admin page (inside the auth guard): top bar (drawer on mobile),
 * the page, the realtime stream, the service worker, the UI language following the profile, and the subscription check on sign-in.
 */
export default function ShellLayout() {
  const { t } = useTranslation('common');
  const { data: me } = useMe();
  useSessionSync(me);
  useRealtime();
  useServiceWorker();
  useCheckSubscriptionOnSignIn(me?.user.id);
  if (!me) return null; // the guard above handles loading and signed-out

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <TopBar me={me} />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
