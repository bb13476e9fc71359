import type { ComponentProps } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '#web/components/ui/input';
import { NAME_MAX_LENGTH } from '../lib/validation';
import { HookFormField } from './form-field';

/** The account's name (sign-up, profile): label, name autofill, the shared length limit, inline error. */
export function NameField<T extends FieldValues & { name: string }, Out extends FieldValues = T>({
  control,
  ...input
}: { control: Control<T, unknown, Out> } & Pick<
  ComponentProps<'input'>,
  'placeholder' | 'readOnly' | 'disabled' | 'className'
> & { 'data-testid'?: string }) {
  const { t } = useTranslation('accounts');
  return (
    <HookFormField control={control} name={'name' as Path<T>} label={t('fields.name')}>
      {(wiring, field) => (
        <Input {...wiring} {...field} autoComplete="name" maxLength={NAME_MAX_LENGTH} {...input} />
      )}
    </HookFormField>
  );
}
