import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, LinkIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '#web/components/auth-shell';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { toast } from '#web/components/ui/toaster';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from '../components/new-password-fields';
import { authErrorMessage, hasCode } from '../lib/auth-errors';
import { type NewPasswordPair, newPasswordPairSchema } from '../lib/form-schemas';
import { PASSWORD_MIN_LENGTH } from '../lib/validation';

/** Spec §2: after a successful reset, wait this long on the page, then go to /dashboard. */
const RESET_REDIRECT_DELAY_MS = 2000;

function InvalidLink({ missing }: { missing: boolean }) {
  const { t } = useTranslation('accounts');
  return (
    <Card className="w-full max-w-md" data-testid="reset-invalid">
      <CardHeader>
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning">
          <LinkIcon aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl!">
          {missing ? t('reset.title') : t('reset.invalidTitle')}
        </CardTitle>
        <CardDescription>{missing ? t('reset.missingTokenBody') : t('reset.invalidBody')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Button asChild className="sm:flex-1">
          <Link to="/auth/login">{t('reset.requestNew')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /auth/reset-password?token=… (or ?error=INVALID_TOKEN): choose a new password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('reset.documentTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const linkError = params.get('error');
  const reset = useResetPassword();
  const schema = useMemo(
    () =>
      newPasswordPairSchema(t, {
        tooShort: t('reset.tooShort', { min: PASSWORD_MIN_LENGTH }),
        mismatch: t('reset.mismatch'),
      }),
    [t],
  );
  const form = useForm<NewPasswordPair>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });
  const [tokenRejected, setTokenRejected] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/dashboard', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (linkError || tokenRejected || !token) {
    return (
      <AuthShell>
        <InvalidLink missing={!linkError && !tokenRejected} />
      </AuthShell>
    );
  }

  const onSubmit = async ({ password }: NewPasswordPair) => {
    try {
      await reset.mutateAsync({ token, newPassword: password });
      toast.success(t('reset.success'), { description: t('reset.successDescription') });
      setDone(true);
    } catch (error) {
      if (hasCode(error, 'INVALID_TOKEN')) {
        setTokenRejected(true);
        return;
      }
      toast.error(t('reset.error'), { description: authErrorMessage(error, t, t('reset.error')) });
    }
  };

  return (
    <AuthShell>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl!">
            {t('reset.title')}
          </CardTitle>
          <CardDescription>{t('reset.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {done ? (
            <div role="status" className="flex items-center gap-3 rounded-lg bg-success-soft p-3 text-sm">
              <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-success" />
              <span>
                <strong className="font-semibold">{t('reset.success')}</strong>{' '}
                {t('reset.successDescription')}
              </span>
            </div>
          ) : (
            <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4">
              <NewPasswordFields
                control={form.control}
                labels={{ password: t('reset.newPassword'), confirm: t('reset.confirmPassword') }}
              />
              <Button type="submit" size="lg" className="w-full" loading={form.formState.isSubmitting}>
                {t('reset.submit')}
              </Button>
            </form>
          )}
          <Button asChild variant="link" className="self-center">
            <Link to="/auth/login">{t('reset.backToLogin')}</Link>
          </Button>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
