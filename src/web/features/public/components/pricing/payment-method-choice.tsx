import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '#shared/payment-methods';

/**
 * How the plan is paid (ADR 0042): by card (renews by itself), by Pix (one payment for one month or one year) or by
 * boleto, and the optional CPF/CNPJ for the nota fiscal. Native radios and a text field, so the keyboard and
 * screen readers work before the island starts; the pricing island reads them when a plan button is pressed and
 * shows an invalid CPF/CNPJ under the field.
 */
export function PaymentMethodChoice() {
  const { t } = useTranslation('public');
  const id = useId();
  return (
    <fieldset className="flex w-full max-w-md flex-col gap-3 text-left text-sm" data-payment-choice>
      <legend className="mb-2 font-medium">{t('pricing.payment.legend')}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className="flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="payment-method"
              value={method}
              defaultChecked={method === 'card'}
              data-testid={`payment-method-${method}`}
              className="size-4 accent-primary"
            />
            <span>{t(`pricing.payment.${method}`)}</span>
          </label>
        ))}
      </div>
      <label htmlFor={`${id}-tax-id`} className="font-medium">
        {t('pricing.payment.taxId')}
      </label>
      <input
        id={`${id}-tax-id`}
        name="tax-id"
        inputMode="numeric"
        autoComplete="off"
        maxLength={32}
        aria-describedby={`${id}-tax-id-error`}
        data-tax-id
        className="h-11 rounded-md border border-input bg-background px-3"
      />
      <p id={`${id}-tax-id-error`} role="alert" className="text-destructive" data-tax-id-error hidden />
    </fieldset>
  );
}
