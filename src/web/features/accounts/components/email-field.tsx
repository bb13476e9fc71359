import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '#web/components/ui/input';
import { HookFormField } from './form-field';

/** The sign-in / sign-up e-mail field: label, placeholder, e-mail keyboard and autofill, inline error. */
export function EmailField<T extends FieldValues & { email: string }>({ control }: { control: Control<T> }) {
  const { t } = useTranslation('accounts');
  return (
    <HookFormField control={control} name={'email' as Path<T>} label={t('fields.email')}>
      {(wiring, field) => (
        <Input
          {...wiring}
          {...field}
          value={field.value ?? ''}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('fields.emailPlaceholder')}
        />
      )}
    </HookFormField>
  );
}
