import { useTranslation } from 'react-i18next';
import { FieldError, FieldHint } from '#web/components/ui/input';

/** For a character: the portrayed person's consent to their likeness being used, required to save. */
export function CastConsentField({
  id,
  checked,
  error,
  onChange,
}: {
  id: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('cast');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="flex cursor-pointer items-start gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          data-testid="cast-consent"
        />
        <span>{t('form.consent')}</span>
      </label>
      <FieldHint id={`${id}-hint`} className="pl-6 text-xs">
        {t('form.consentHint')}
      </FieldHint>
      <FieldError className="pl-6">{error}</FieldError>
    </div>
  );
}
