import { useQuery } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { INVITE_CODE_PATTERN, INVITE_COOKIE, INVITE_COOKIE_MAX_AGE_SECONDS } from '#shared/invites';
import { AuthShell } from '#web/components/auth-shell';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { toast } from '#web/components/ui/toaster';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useInvitePreview } from '../api/invites';
import { meQueryOptions } from '../api/me';
import { useHasSession } from '../api/session-check';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { redirectTarget } from '../lib/validation';

type Tab = 'signin' | 'signup';

/**
 * /auth/login: 'Entrar' and 'Criar Conta'. A visitor who is already signed in (or who just signed in) goes to the
 * page the guard sent them from, else /dashboard. Google brings the visitor back here (`?signedIn=google&next=`)
 * for the same toast and the same way on.
 */
export default function LoginPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('login.documentTitle'));
  const location = useLocation();
  const [params] = useSearchParams();
  const redirectTo = redirectTarget(location.state, params.get('next'));
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'signup' ? 'signup' : 'signin');
  // The cached user (set by a sign-in); never fetched here, so signed-out visitors see no 401.
  const me = useQuery({ ...meQueryOptions, enabled: false });
  const hasSession = useHasSession();
  const oauthError = params.get('error');
  const signedIn = Boolean(me.data || hasSession.data);
  const backFromGoogle = params.get('signedIn') === 'google';
  const invite = params.get('convite');
  const preview = useInvitePreview(invite && INVITE_CODE_PATTERN.test(invite) ? invite : null).data;

  // `?convite=` on the sign-up: remembered as `/convite/{code}` does, for the sign-up request to carry (ADR 0040).
  useEffect(() => {
    if (invite && INVITE_CODE_PATTERN.test(invite)) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
      document.cookie = `${INVITE_COOKIE}=${invite}; Max-Age=${INVITE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
    }
  }, [invite]);

  useEffect(() => {
    if (signedIn && backFromGoogle) {
      toast.success(t('login.success'), { id: 'signed-in', description: t('login.successDescription') });
    }
  }, [signedIn, backFromGoogle, t]);

  if (signedIn) return <Navigate to={redirectTo} replace />;

  return (
    <AuthShell>
      <Card className="w-full max-w-md">
        <CardHeader>
          {/* An invite link names the friend who invited and the bonus (ADR 0040), first name only. */}
          <CardTitle as="h1" className="text-2xl!" data-testid="login-title">
            {preview ? t('login.invite.title', { name: preview.inviterName }) : t('login.title')}
          </CardTitle>
          <CardDescription data-testid="login-description">
            {preview
              ? t('login.invite.body', {
                  name: preview.inviterName,
                  trial: preview.trialCredits,
                  bonus: preview.bonusCredits,
                })
              : t('login.description')}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {oauthError ? (
            <div
              role="alert"
              className="flex gap-2 rounded-lg bg-destructive-soft p-3 text-sm text-destructive"
            >
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t('login.googleFailed')}
            </div>
          ) : null}
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <TabsList className="w-full">
              <TabsTrigger value="signin">{t('login.signInTab')}</TabsTrigger>
              <TabsTrigger value="signup">{t('login.signUpTab')}</TabsTrigger>
            </TabsList>
            <TabsContent value="signin" className="pt-2">
              <SignInForm redirectTo={redirectTo} />
            </TabsContent>
            <TabsContent value="signup" className="pt-2">
              <SignUpForm callbackURL={redirectTo} onGoToSignIn={() => setTab('signin')} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
