import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { VARIATIONS_MAX } from '#shared/video-request-form';
import { FieldHint } from '#web/components/ui/input';
import { formatCredits } from '#web/features/credits';
import { cn } from '#web/lib/cn';

const CHOICES = Array.from({ length: VARIATIONS_MAX }, (_, index) => index + 1);

/**
 * 'Variações: 1 · 2 · 3 · 4': how many videos of the same inputs one submit makes, to compare side by side. One
 * hold of the total, all or nothing; each video is its own request, refunded alone if it fails.
 */
export function VariationsField({
  value,
  onChange,
  costEach,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  costEach: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation('videos');
  const id = useId();
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={`${id}-hint`}
      data-testid="variations-field"
    >
      <legend className="mb-2 text-sm leading-none font-medium">{t('variations.legend')}</legend>
      <div className="flex flex-wrap gap-2">
        {CHOICES.map((choice) => (
          <label
            key={choice}
            className={cn(
              'flex min-w-12 cursor-pointer items-center justify-center rounded-lg border px-4 py-2 text-sm font-semibold tabular-nums',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              choice === value
                ? 'border-primary bg-primary-soft ring-1 ring-primary'
                : 'border-border hover:bg-accent',
              disabled && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name={`${id}-variations`}
              value={choice}
              checked={choice === value}
              disabled={disabled}
              onChange={() => onChange(choice)}
              className="sr-only"
              data-testid={`variations-${choice}`}
            />
            {choice}
          </label>
        ))}
      </div>
      <FieldHint id={`${id}-hint`}>
        {value === 1
          ? t('variations.hintOne')
          : t('variations.hint', { count: value, total: formatCredits(costEach * value) })}
      </FieldHint>
    </fieldset>
  );
}
