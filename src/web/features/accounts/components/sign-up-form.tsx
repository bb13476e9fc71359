import { zodResolver } from '@hookform/resolvers/zod';
import { Gift, MailCheck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MODE_RESOLUTION, TRIAL_CREDITS, TRIAL_VALIDITY_DAYS } from '#shared/catalogue';
import { Button } from '#web/components/ui/button';
import { FieldError } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import { textToDay } from '#web/lib/day-text';
import { currentLanguage } from '#web/lib/language';
import { usePublicConfig } from '#web/lib/public-config';
import { toProfileLanguage } from '../api/me';
import { useSignUp } from '../api/sign-up';
import { authErrorMessage } from '../lib/auth-errors';
import { type SignUpValues, signUpFormSchema } from '../lib/form-schemas';
import { PASSWORD_MIN_LENGTH } from '../lib/validation';
import { BirthDateField } from './birth-date-field';
import { EmailField } from './email-field';
import { NameField } from './name-field';
import { PasswordField } from './password-field';

const inlineLink =
  'rounded-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The 'Criar Conta' tab: name, e-mail, password (≥ 8), birth date (18+, ADR 0066), terms; then "check your
 * e-mail". The confirmation link leads to `callbackURL` (a plan chosen on /pricing travels in it to its checkout).
 */
export function SignUpForm({ callbackURL, onGoToSignIn }: { callbackURL: string; onGoToSignIn: () => void }) {
  const { t } = useTranslation('accounts');
  const signUp = useSignUp();
  const termsId = useId();
  const schema = useMemo(() => signUpFormSchema(t), [t]);
  const form = useForm<SignUpValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', password: '', birthDate: '', terms: false },
  });
  const accepted = form.watch('terms');
  const termsError = form.formState.errors.terms?.message;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async ({ name, email, password, birthDate }: SignUpValues) => {
    try {
      await signUp.mutateAsync({
        name,
        email,
        password,
        birthDate: textToDay(birthDate) ?? '',
        language: toProfileLanguage(currentLanguage()),
        callbackURL,
      });
      toast.success(t('signUp.success'), { description: t('signUp.successDescription') });
      setSentTo(email);
      form.resetField('password');
    } catch (error) {
      toast.error(t('signUp.error'), { description: authErrorMessage(error, t, t('signUp.errorFallback')) });
    }
  };

  if (sentTo) return <SignUpSent email={sentTo} onGoToSignIn={onGoToSignIn} />;

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <NameField control={form.control} placeholder={t('fields.namePlaceholder')} />
      <EmailField control={form.control} />
      <PasswordField
        control={form.control}
        name="password"
        inputName="new-password"
        autoComplete="new-password"
        label={t('fields.password')}
        hint={t('signUp.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      />
      <BirthDateField control={form.control} />
      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            {...form.register('terms')}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${termsId}-error` : undefined}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
          <label htmlFor={termsId} className="text-sm leading-snug text-muted-foreground">
            <Trans
              t={t}
              i18nKey="signUp.terms"
              components={{
                terms: <Link to="/terms" target="_blank" rel="noopener" className={inlineLink} />,
                privacy: <Link to="/privacy" target="_blank" rel="noopener" className={inlineLink} />,
              }}
            />
          </label>
        </div>
        <FieldError id={`${termsId}-error`}>{termsError}</FieldError>
      </div>
      {/* The free first video (ADR 0040) is sold where the account is made, not only on the landing. */}
      <p
        className="flex items-start gap-2 rounded-lg bg-primary-soft/60 p-3 text-sm"
        data-testid="sign-up-gift"
      >
        <Gift aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        {t('signUp.gift', {
          credits: TRIAL_CREDITS,
          resolution: MODE_RESOLUTION.fast,
          days: TRIAL_VALIDITY_DAYS,
        })}
      </p>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!accepted}
        loading={form.formState.isSubmitting}
      >
        {t('signUp.submit')}
      </Button>
    </form>
  );
}

/** After the sign-up: "check your e-mail", the dev mailbox in local mode, and the way to the sign-in tab. */
function SignUpSent({ email, onGoToSignIn }: { email: string; onGoToSignIn: () => void }) {
  const { t } = useTranslation('accounts');
  const { devMailbox } = usePublicConfig();
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 py-2 text-center"
      data-testid="sign-up-sent"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-success-soft text-success">
        <MailCheck aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">{t('signUp.sentTitle')}</h2>
      <p className="text-sm text-muted-foreground">{t('signUp.sentBody', { email })}</p>
      {devMailbox ? (
        <a href="/dev/mailbox" target="_blank" rel="noreferrer" className={inlineLink}>
          {t('login.devMailbox')}
        </a>
      ) : null}
      <Button variant="outline" className="mt-2 w-full" onClick={onGoToSignIn}>
        {t('signUp.goToSignIn')}
      </Button>
    </div>
  );
}
