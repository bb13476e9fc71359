import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/**
 * Placeholder session state: there is no session API yet, so after mount every visitor is anonymous.
 * The accounts issue replaces this with a real query (GET /api/session).
 */
function useSessionStatus(): SessionStatus {
  const [status, setStatus] = useState<SessionStatus>('loading');
  useEffect(() => setStatus('anonymous'), []);
  return status;
}

export const LOGIN_PATH = '/auth/login';

/**
 * Authenticated-only guard (spec §2): spinner while the session loads, then either the protected content
 * (`children`, or the nested routes via <Outlet/>) or a redirect to /auth/login that remembers where the visitor was
 * going (`state.from`).
 */
export function RequireAuth({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const status = useSessionStatus();
  if (status === 'loading') return <PageSpinner label={t('auth.checkingSession')} />;
  if (status === 'anonymous') return <Navigate to={LOGIN_PATH} replace state={{ from: location }} />;
  return children ?? <Outlet />;
}

export default function RequireAuthLayout() {
  return <RequireAuth />;
}
