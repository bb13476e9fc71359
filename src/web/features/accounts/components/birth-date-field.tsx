import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '#web/components/ui/input';
import { maskDayText } from '#web/lib/day-text';
import { HookFormField } from './form-field';

/**
 * The sign-up's birth date (ADR 0066), typed as dd/mm/aaaa whatever the browser's locale (a native date input
 * follows the browser's, src/web/lib/day-text.ts), the slashes put in while typing; the form's schema reads it.
 */
export function BirthDateField<T extends FieldValues & { birthDate: string }, Out extends FieldValues = T>({
  control,
}: {
  control: Control<T, unknown, Out>;
}) {
  const { t } = useTranslation('accounts');
  return (
    <HookFormField
      control={control}
      name={'birthDate' as Path<T>}
      label={t('signUp.birthDate')}
      hint={t('signUp.birthDateHint')}
    >
      {(wiring, field) => (
        <Input
          {...wiring}
          {...field}
          type="text"
          inputMode="numeric"
          autoComplete="bday"
          placeholder="dd/mm/aaaa"
          maxLength={10}
          onChange={(event) => field.onChange(maskDayText(event.target.value))}
        />
      )}
    </HookFormField>
  );
}
