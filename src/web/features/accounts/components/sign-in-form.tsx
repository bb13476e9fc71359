import { MailWarning } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../app/public-config';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toaster';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useSignIn } from '../api/sign-in';
import { authErrorMessage, hasCode } from '../lib/auth-errors';
import { googleReturnPath, isEmail } from '../lib/validation';
import { EmailField } from './email-field';
import { focusFirstInvalid } from './form-field';
import { GoogleSignInButton } from './google-sign-in-button';
import { PasswordField } from './password-field';
import { TwoFactorChallenge } from './two-factor-challenge';

interface Errors {
  email?: string;
  password?: string;
}

/** The 'Entrar' tab: e-mail + password, 'Esqueceu a senha?', Google, then the two-factor step when asked. */
export function SignInForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('accounts');
  const { devMailbox } = usePublicConfig();
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = {};
    if (!email.trim()) next.email = t('fields.emailRequired');
    else if (!isEmail(email)) next.email = t('fields.emailInvalid');
    if (!password) next.password = t('fields.passwordRequired');
    setErrors(next);
    if (next.email || next.password) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setUnverifiedEmail(null);
    try {
      const result = await signIn.mutateAsync({ email: email.trim(), password });
      if (result.twoFactor) {
        setTwoFactor(true);
        return;
      }
      toast.success(t('login.success'), { description: t('login.successDescription') });
      // The login page redirects as soon as the user is in the cache.
    } catch (error) {
      if (hasCode(error, 'EMAIL_NOT_VERIFIED')) {
        setUnverifiedEmail(email.trim());
        toast.error(t('login.error'), { description: t('login.notVerifiedTitle') });
        return;
      }
      toast.error(t('login.error'), {
        description: authErrorMessage(error, t, t('login.errorFallback')),
      });
    }
  };

  const onForgotPassword = async () => {
    const answer = window.prompt(t('login.forgotPrompt'), email.trim());
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
          setPassword('');
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {unverifiedEmail ? (
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm text-foreground"
        >
          <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
          <div className="flex flex-col gap-1">
            <p className="font-medium">{t('login.notVerifiedTitle')}</p>
            <p className="text-muted-foreground">{t('login.notVerifiedBody', { email: unverifiedEmail })}</p>
            {devMailbox ? (
              <a
                href="/dev/mailbox"
                target="_blank"
                rel="noreferrer"
                className="w-fit rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {t('login.devMailbox')}
              </a>
            ) : null}
          </div>
        </div>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField error={errors.email} value={email} onValueChange={setEmail} />
        <PasswordField
          label={t('fields.password')}
          error={errors.password}
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
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
        <Button type="submit" size="lg" loading={signIn.isPending} className="w-full">
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
