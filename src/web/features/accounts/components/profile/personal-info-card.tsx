import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import type { Me } from '../../api/me';
import { useUpdateProfile } from '../../api/update-profile';
import { type ProfileNameForm, profileNameFormSchema } from '../../lib/form-schemas';
import { FormField } from '../form-field';
import { NameField } from '../name-field';

/** Name (editable only after 'Editar') and the read-only e-mail. */
export function PersonalInfoCard({ me }: { me: Me }) {
  const { t } = useTranslation('accounts');
  const update = useUpdateProfile();
  const titleId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const schema = useMemo(() => profileNameFormSchema(t), [t]);
  const form = useForm<ProfileNameForm>({
    resolver: zodResolver(schema),
    defaultValues: { name: me.user.name },
  });

  const startEditing = () => {
    form.reset({ name: me.user.name });
    setEditing(true);
    requestAnimationFrame(() => form.setFocus('name'));
  };

  const stopEditing = () => {
    setEditing(false);
    form.reset({ name: me.user.name });
    requestAnimationFrame(() => editRef.current?.focus());
  };

  const onSubmit = async ({ name }: ProfileNameForm) => {
    if (name === me.user.name) {
      stopEditing();
      return;
    }
    try {
      await update.mutateAsync({ name });
      toast.success(t('profile.updated'));
      setEditing(false);
      requestAnimationFrame(() => editRef.current?.focus());
    } catch (failure) {
      toast.error(t('profile.updateError'), {
        description: failure instanceof Error && failure.message ? failure.message : undefined,
      });
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2" id={titleId}>
            {t('profile.personal.title')}
          </CardTitle>
          <CardDescription>{t('profile.personal.description')}</CardDescription>
        </div>
        {editing ? null : (
          <Button ref={editRef} variant="outline" size="sm" onClick={startEditing}>
            <Pencil aria-hidden="true" />
            {t('profile.personal.edit')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4">
          <NameField
            control={form.control}
            readOnly={!editing}
            disabled={form.formState.isSubmitting}
            className={editing ? undefined : 'bg-muted/60'}
            data-testid="profile-name"
          />
          <FormField label={t('fields.email')} hint={t('profile.personal.emailHint')}>
            {(control) => (
              <Input {...control} type="email" value={me.user.email} readOnly className="bg-muted/60" />
            )}
          </FormField>
          {editing ? (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={stopEditing} disabled={form.formState.isSubmitting}>
                {t('profile.personal.cancel')}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t('profile.personal.save')}
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
