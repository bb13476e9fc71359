import { Pencil } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/input';
import { toast } from '../../../../components/ui/toaster';
import type { Me } from '../../api/me';
import { useUpdateProfile } from '../../api/update-profile';
import { NAME_MAX_LENGTH } from '../../lib/validation';
import { FormField } from '../form-field';

/** Name (editable only after 'Editar') and the read-only e-mail. */
export function PersonalInfoCard({ me }: { me: Me }) {
  const { t } = useTranslation('accounts');
  const update = useUpdateProfile();
  const titleId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(me.user.name);
  const [error, setError] = useState<string>();

  const startEditing = () => {
    setName(me.user.name);
    setError(undefined);
    setEditing(true);
    requestAnimationFrame(() => nameRef.current?.focus());
  };

  const stopEditing = () => {
    setEditing(false);
    setName(me.user.name);
    setError(undefined);
    requestAnimationFrame(() => editRef.current?.focus());
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = name.trim();
    if (!value) {
      setError(t('fields.nameRequired'));
      nameRef.current?.focus();
      return;
    }
    if (value.length > NAME_MAX_LENGTH) {
      setError(t('fields.nameTooLong', { max: NAME_MAX_LENGTH }));
      nameRef.current?.focus();
      return;
    }
    if (value === me.user.name) {
      stopEditing();
      return;
    }
    try {
      await update.mutateAsync({ name: value });
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
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField label={t('fields.name')} error={error}>
            {(control) => (
              <Input
                {...control}
                ref={nameRef}
                name="name"
                autoComplete="name"
                maxLength={NAME_MAX_LENGTH}
                value={editing ? name : me.user.name}
                readOnly={!editing}
                disabled={update.isPending}
                onChange={(event) => setName(event.target.value)}
                className={editing ? undefined : 'bg-muted/60'}
                data-testid="profile-name"
              />
            )}
          </FormField>
          <FormField label={t('fields.email')} hint={t('profile.personal.emailHint')}>
            {(control) => (
              <Input {...control} type="email" value={me.user.email} readOnly className="bg-muted/60" />
            )}
          </FormField>
          {editing ? (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={stopEditing} disabled={update.isPending}>
                {t('profile.personal.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('profile.personal.save')}
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
