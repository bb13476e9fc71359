import { cn } from '#web/lib/cn';

/**
 * A small radio group drawn as chips (the ratio, a shot's opening, its length): native radio inputs, so arrow keys
 * move the choice and the group is one tab stop, with the focus ring on the chip. Compact enough for 375 px.
 */
export function ChoiceChips<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  disabled,
  testId,
}: {
  legend: string;
  name: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" data-testid={testId}>
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              data-checked={checked || undefined}
              className={cn(
                'flex min-h-10 cursor-pointer items-center rounded-full border px-4 text-sm font-medium transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-primary bg-primary-soft text-primary' : 'border-border hover:bg-accent',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
