import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';

export interface OptionCard<V extends string> {
  value: V;
  title: ReactNode;
  /** Extra lines under the title (cost, time, description). */
  body?: ReactNode;
  aside?: ReactNode;
  testId?: string;
  /** This option alone cannot be chosen now (e.g. a mode whose model is unavailable). */
  disabled?: boolean;
}

/**
 * A radio group drawn as cards: native radio inputs (arrow keys, one tab stop, form semantics) inside labels,
 * the input visually hidden but focusable, with the focus ring drawn on the card.
 */
export function OptionCards<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  disabled,
  columns = 'sm:grid-cols-2',
  describedBy,
  testId,
}: {
  name: string;
  legend: string;
  options: readonly OptionCard<V>[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  columns?: string;
  describedBy?: string;
  testId?: string;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={describedBy} data-testid={testId}>
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      <div className={cn('grid grid-cols-1 gap-3', columns)}>
        {options.map((option) => {
          const checked = option.value === value;
          const off = disabled || option.disabled;
          return (
            <label
              key={option.value}
              data-testid={option.testId}
              data-checked={checked || undefined}
              data-disabled={option.disabled || undefined}
              className={cn(
                'relative flex cursor-pointer items-start gap-3 rounded-(--radius-card) border bg-card p-4 shadow-xs transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked
                  ? 'border-primary bg-primary-soft ring-1 ring-primary'
                  : 'border-border hover:bg-accent',
                off && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={off}
                onChange={() => onChange(option.value)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={cn(
                  'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border',
                  checked ? 'border-primary' : 'border-input',
                )}
              >
                {checked ? <span className="size-2 rounded-full bg-primary" /> : null}
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                  <span className="font-semibold">{option.title}</span>
                  {option.aside}
                </span>
                {option.body ? <span className="text-sm text-muted-foreground">{option.body}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
