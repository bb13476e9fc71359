import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { FormField } from './form-field';

/** The sign-in / sign-up e-mail field: label, placeholder, e-mail keyboard and autofill, inline error. */
export function EmailField({
  error,
  value,
  onValueChange,
}: {
  error?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <FormField label={t('fields.email')} error={error}>
      {(control) => (
        <Input
          {...control}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('fields.emailPlaceholder')}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
