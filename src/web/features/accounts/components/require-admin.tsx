import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LIMITS } from '#shared/catalogue';
import { Button } from '#web/components/ui/button';
import { PageSpinner } from '#web/components/ui/spinner';
import { isUnauthorized } from '#web/lib/api';
import { AdminCheckError, useAdminCheck } from '../api/admin-check';
import { useMe } from '../api/me';

/**
 * Admin-only guard (spec §2, §4): inside the authenticated guard, asks `GET /api/admin/check` (3 attempts, 500 ms
 * apart). Non-admins, and failed checks, see 'Acesso negado…' with the error, their e-mail and 'Tentar novamente'.
 * The server checks the role on every admin endpoint anyway: this screen is only the UI.
 */
function RequireAdmin({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation('accounts');
  const me = useMe();
  const check = useAdminCheck();

  if (check.isPending) return <PageSpinner label={t('admin.checking')} />;
  if (check.data === true) return children ?? <Outlet />;

  let errorText: string | null = null;
  if (check.isError && !isUnauthorized(check.error)) {
    const reason = check.error instanceof AdminCheckError ? check.error.reason : 'unexpected';
    errorText = t(`admin.failures.${reason}`, { attempts: LIMITS.adminCheckAttempts });
  }

  return (
    <section
      role="alert"
      data-testid="admin-denied"
      className="container-page flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 py-12 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive">
        <ShieldAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('admin.denied')}</h1>
      {errorText ? (
        <p className="text-sm text-destructive">{t('admin.errorLabel', { error: errorText })}</p>
      ) : null}
      {me.data ? (
        <p className="text-sm break-all text-muted-foreground">
          {t('admin.signedInAs', { email: me.data.user.email })}
        </p>
      ) : null}
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => void check.refetch()} loading={check.isFetching}>
          {t('admin.retry')}
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard">{t('admin.backToDashboard')}</Link>
        </Button>
      </div>
    </section>
  );
}

export default function RequireAdminLayout() {
  return <RequireAdmin />;
}
