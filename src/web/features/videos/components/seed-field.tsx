import { useTranslation } from 'react-i18next';
import { SEED_MAX, SEED_MIN } from '#shared/catalogue';
import { FieldError, FieldHint, Input, Label } from '#web/components/ui/input';
import { sanitiseSeed } from '../lib/create-form';
import { type CreateFieldProps, useCreateField } from './create-field';

/** The optional seed: digits only as typed, at most five. */
export function SeedField({ control, disabled, onChange }: CreateFieldProps) {
  const { t } = useTranslation('videos');
  const { field, error, id, hintId, errorId } = useCreateField(control, 'seed');
  return (
    <div className="flex max-w-xs flex-col gap-2">
      <Label htmlFor={id}>{t('create.seed.label')}</Label>
      <Input
        ref={field.ref}
        id={id}
        name={field.name}
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        pattern="[0-9]{5}"
        placeholder="12345"
        value={field.value ?? ''}
        disabled={disabled}
        onChange={(event) => {
          field.onChange(sanitiseSeed(event.currentTarget.value));
          onChange();
        }}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
        data-testid="seed-input"
      />
      <FieldHint id={hintId}>{t('create.seed.hint', { min: SEED_MIN, max: SEED_MAX })}</FieldHint>
      <FieldError id={errorId} data-testid="seed-error">
        {error}
      </FieldError>
    </div>
  );
}
