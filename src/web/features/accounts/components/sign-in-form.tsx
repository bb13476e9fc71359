import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useSignIn } from '../api/sign-in';
import { authErrorMessage, hasCode } from '../lib/auth-errors';
import { type SignInValues, signInFormSchema } from '../lib/form-schemas';
import { googleReturnPath, isEmail } from '../lib/validation';
import { EmailField } from './email-field';
import { GoogleSignInButton } from './google-sign-in-button';
import { PasswordField } from './password-field';
import { TwoFactorChallenge } from './two-factor-challenge';
import { UnverifiedEmailNotice } from './unverified-email-notice';

/** The 'Entrar' tab: e-mail + password, 'Esqueceu a senha?', Google, then the two-factor step when asked. */
export function SignInForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('accounts');
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset();
  const schema = useMemo(() => signInFormSchema(t), [t]);
  const form = useForm<SignInValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState(false);

  const onSubmit = async ({ email, password }: SignInValues) => {
    setUnverifiedEmail(null);
    try {
      const result = await signIn.mutateAsync({ email, password });
      if (result.twoFactor) {
        setTwoFactor(true);
        return;
      }
      toast.success(t('login.success'), { description: t('login.successDescription') });
      // The login page redirects as soon as the user is in the cache.
    } catch (error) {
      if (hasCode(error, 'EMAIL_NOT_VERIFIED')) {
        setUnverifiedEmail(email);
        toast.error(t('login.error'), { description: t('login.notVerifiedTitle') });
        return;
      }
      toast.error(t('login.error'), {
        description: authErrorMessage(error, t, t('login.errorFallback')),
      });
    }
  };

  const onForgotPassword = async () => {
    const answer = window.prompt(t('login.forgotPrompt'), form.getValues('email').trim());
    if (answer === null) return; // cancelled
    const value = answer.trim();
    if (!isEmail(value)) {
      window.alert(t('fields.emailInvalid'));
      return;
    }
    try {
      await requestReset.mutateAsync({ email: value });
      window.alert(t('login.forgotCheckEmail'));
      toast.success(t('login.forgotSent'), { description: t('login.forgotSentDescription') });
    } catch (error) {
      const message = authErrorMessage(error, t, t('login.forgotError'));
      window.alert(message);
      toast.error(t('login.forgotError'), { description: message });
    }
  };

  if (twoFactor) {
    return (
      <TwoFactorChallenge
        onCancel={() => {
          setTwoFactor(false);
          form.resetField('password');
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {unverifiedEmail ? <UnverifiedEmailNotice email={unverifiedEmail} /> : null}
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <EmailField control={form.control} />
        <PasswordField
          control={form.control}
          name="password"
          inputName="password"
          autoComplete="current-password"
          label={t('fields.password')}
        />
        <div className="-mt-1 flex justify-end">
          <Button
            variant="link"
            size="sm"
            className="text-sm"
            onClick={onForgotPassword}
            loading={requestReset.isPending}
          >
            {t('login.forgotPassword')}
          </Button>
        </div>
        <Button type="submit" size="lg" loading={form.formState.isSubmitting} className="w-full">
          {t('login.submit')}
        </Button>
      </form>
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        {t('login.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <GoogleSignInButton callbackURL={googleReturnPath(redirectTo)} />
    </div>
  );
}
