import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { toast } from '../../../../components/ui/toaster';
import { useChangePassword } from '../../api/change-password';
import { authErrorMessage } from '../../lib/auth-errors';
import { isPasswordLongEnough, PASSWORD_MIN_LENGTH } from '../../lib/validation';
import { focusFirstInvalid } from '../form-field';
import { NewPasswordFields } from '../new-password-fields';
import { PasswordField } from '../password-field';

interface Errors {
  current?: string;
  next?: string;
  confirm?: string;
}

/** Current password + new password (≥ 8) + confirmation; other sessions are revoked by the server. */
export function ChangePasswordCard() {
  const { t } = useTranslation('accounts');
  const change = useChangePassword();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (!current) found.current = t('profile.password.currentRequired');
    if (next !== confirm) found.confirm = t('profile.password.mismatch');
    if (!isPasswordLongEnough(next))
      found.next = t('profile.password.tooShort', { min: PASSWORD_MIN_LENGTH });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    try {
      await change.mutateAsync({ currentPassword: current, newPassword: next });
      toast.success(t('profile.password.success'));
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (error) {
      toast.error(t('profile.password.error'), {
        description: authErrorMessage(error, t, t('profile.password.error')),
      });
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h3" id={titleId}>
          {t('profile.password.title')}
        </CardTitle>
        <CardDescription>{t('profile.password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <PasswordField
            label={t('profile.password.current')}
            error={errors.current}
            name="current-password"
            autoComplete="current-password"
            value={current}
            onValueChange={setCurrent}
          />
          <NewPasswordFields
            className="grid gap-4 sm:grid-cols-2"
            labels={{ password: t('profile.password.new'), confirm: t('profile.password.confirm') }}
            errors={{ password: errors.next, confirm: errors.confirm }}
            password={next}
            confirm={confirm}
            onPasswordChange={setNext}
            onConfirmChange={setConfirm}
          />
          <Button type="submit" className="self-start" loading={change.isPending}>
            {t('profile.password.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
