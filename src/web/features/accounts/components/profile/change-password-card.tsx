import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { toast } from '#web/components/ui/toaster';
import { useChangePassword } from '../../api/change-password';
import { authErrorMessage } from '../../lib/auth-errors';
import { type ChangePasswordForm, changePasswordFormSchema } from '../../lib/form-schemas';
import { NewPasswordFields } from '../new-password-fields';
import { PasswordField } from '../password-field';

/** Current password + new password (≥ 8) + confirmation; other sessions are revoked by the server. */
export function ChangePasswordCard() {
  const { t } = useTranslation('accounts');
  const change = useChangePassword();
  const titleId = useId();
  const schema = useMemo(() => changePasswordFormSchema(t), [t]);
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(schema),
    defaultValues: { current: '', password: '', confirm: '' },
  });

  const onSubmit = async ({ current, password }: ChangePasswordForm) => {
    try {
      await change.mutateAsync({ currentPassword: current, newPassword: password });
      toast.success(t('profile.password.success'));
      form.reset();
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
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4">
          <PasswordField
            control={form.control}
            name="current"
            inputName="current-password"
            autoComplete="current-password"
            label={t('profile.password.current')}
          />
          <NewPasswordFields
            control={form.control}
            className="grid gap-4 sm:grid-cols-2"
            labels={{ password: t('profile.password.new'), confirm: t('profile.password.confirm') }}
          />
          <Button type="submit" className="self-start" loading={form.formState.isSubmitting}>
            {t('profile.password.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
