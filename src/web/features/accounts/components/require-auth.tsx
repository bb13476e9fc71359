import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LOGIN_PATH } from '#shared/routes';
import { Button } from '#web/components/ui/button';
import { PageSpinner } from '#web/components/ui/spinner';
import { useMe } from '../api/me';

/**
 * Authenticated-only guard (spec §2): a spinner while `GET /api/me` loads, then the nested routes, or a redirect to
 * /auth/login remembering where the visitor was going (`state.from`). A failure other than 401 offers a retry.
 */
function RequireAuth({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation('accounts');
  const location = useLocation();
  const me = useMe();

  if (me.isPending) return <PageSpinner className="min-h-dvh" label={t('guard.checkingSession')} />;
  if (me.isError && me.data === undefined) {
    return (
      <div
        role="alert"
        className="container-page flex min-h-dvh flex-col items-center justify-center gap-4 text-center"
      >
        <AlertTriangle aria-hidden="true" className="size-10 text-warning" />
        <p className="text-lg font-semibold">{t('guard.loadError')}</p>
        <Button onClick={() => void me.refetch()} loading={me.isFetching}>
          {t('guard.retry')}
        </Button>
      </div>
    );
  }
  if (!me.data) return <Navigate to={LOGIN_PATH} replace state={{ from: location }} />;
  return children ?? <Outlet />;
}

export default function RequireAuthLayout() {
  return <RequireAuth />;
}
