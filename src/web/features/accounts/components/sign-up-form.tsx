import { MailCheck } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { usePublicConfig } from '../../../app/public-config';
import { Button } from '../../../components/ui/button';
import { FieldError, Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { toProfileLanguage } from '../api/me';
import { useSignUp } from '../api/sign-up';
import { authErrorMessage } from '../lib/auth-errors';
import { isEmail, isPasswordLongEnough, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../lib/validation';
import { EmailField } from './email-field';
import { FormField, focusFirstInvalid } from './form-field';
import { PasswordField } from './password-field';

interface Errors {
  name?: string;
  email?: string;
  password?: string;
  terms?: string;
}

const inlineLink =
  'rounded-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring';

/** The 'Criar Conta' tab: name, e-mail, password (≥ 8), terms; then "check your e-mail". */
export function SignUpForm({ onGoToSignIn }: { onGoToSignIn: () => void }) {
  const { t } = useTranslation('accounts');
  const { devMailbox } = usePublicConfig();
  const signUp = useSignUp();
  const formRef = useRef<HTMLFormElement>(null);
  const termsId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = t('fields.nameRequired');
    else if (name.trim().length > NAME_MAX_LENGTH)
      next.name = t('fields.nameTooLong', { max: NAME_MAX_LENGTH });
    if (!email.trim()) next.email = t('fields.emailRequired');
    else if (!isEmail(email)) next.email = t('fields.emailInvalid');
    if (!password) next.password = t('fields.passwordRequired');
    else if (!isPasswordLongEnough(password)) {
      next.password = t('signUp.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
    }
    if (!accepted) next.terms = t('signUp.termsRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    try {
      await signUp.mutateAsync({
        name: name.trim(),
        email: email.trim(),
        password,
        language: toProfileLanguage(currentLanguage()),
      });
      toast.success(t('signUp.success'), { description: t('signUp.successDescription') });
      setSentTo(email.trim());
      setPassword('');
    } catch (error) {
      toast.error(t('signUp.error'), { description: authErrorMessage(error, t, t('signUp.errorFallback')) });
    }
  };

  if (sentTo) {
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
        <p className="text-sm text-muted-foreground">{t('signUp.sentBody', { email: sentTo })}</p>
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

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField label={t('fields.name')} error={errors.name}>
        {(control) => (
          <Input
            {...control}
            name="name"
            autoComplete="name"
            maxLength={NAME_MAX_LENGTH}
            placeholder={t('fields.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <EmailField error={errors.email} value={email} onValueChange={setEmail} />
      <PasswordField
        label={t('fields.password')}
        error={errors.password}
        hint={t('signUp.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
      />
      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
              if (event.target.checked) setErrors(({ terms: _terms, ...rest }) => rest);
            }}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? `${termsId}-error` : undefined}
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
        <FieldError id={`${termsId}-error`}>{errors.terms}</FieldError>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!accepted} loading={signUp.isPending}>
        {t('signUp.submit')}
      </Button>
    </form>
  );
}
