import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, FieldHint, Input, Label } from '#web/components/ui/input';
import { maskTaxId } from '../lib/tax-id-input';

/**
 * The buyer's optional CPF or CNPJ for the purchase's nota fiscal (ADR 0041): a phone's numeric keypad, the
 * punctuation added while typing, the checkout schema's message under it when the check digits fail.
 */
export function TaxIdField({
  ref,
  value,
  error,
  onChange,
  onBlur,
}: {
  ref: Ref<HTMLInputElement>;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation('billing');
  const id = useId();
  return (
    <div className="flex max-w-sm flex-col gap-1.5" data-testid="tax-id-field">
      <Label htmlFor={id}>{t('buyCredits.taxId.label')}</Label>
      <Input
        ref={ref}
        id={id}
        name="taxId"
        inputMode="numeric"
        autoComplete="off"
        placeholder="000.000.000-00"
        maxLength={18}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(maskTaxId(event.target.value))}
        onBlur={onBlur}
        data-testid="tax-id"
      />
      <FieldHint id={`${id}-hint`}>{t('buyCredits.taxId.hint')}</FieldHint>
      <FieldError id={`${id}-error`} data-testid="tax-id-error">
        {error}
      </FieldError>
    </div>
  );
}
