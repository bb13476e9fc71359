import { type ComponentProps, useId, useState } from 'react';
import { dayToText, maskDayText, textToDay } from '#web/lib/day-text';
import { FieldError, Input } from './input';

type DayInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'min' | 'max' | 'type'> & {
  /** 'yyyy-MM-dd', or undefined for none. */
  value: string | undefined;
  onValueChange: (day: string | undefined) => void;
  /** Earliest / latest day accepted ('yyyy-MM-dd'). */
  min?: string | undefined;
  max?: string | undefined;
  /** Shown under the field when a complete entry is not a day in range. */
  invalidMessage: string;
};

/**
 * A calendar day typed as dd/MM/yyyy whatever the browser's locale (a native date input follows the browser's).
 * Slashes are put in while typing; the value changes only when the field holds a real day in range, or is emptied.
 * An entry that is not a day says so once complete, or when the field is left half typed (a garbled date is never
 * silently ignored while the list stays unfiltered).
 */
export function DayInput({
  value,
  onValueChange,
  min,
  max,
  invalidMessage,
  className,
  ...props
}: DayInputProps) {
  const errorId = useId();
  const [text, setText] = useState(() => dayToText(value));
  const [shown, setShown] = useState(value);
  const [left, setLeft] = useState(false);
  if (value !== shown) {
    // The value changed from outside (quick filter, clear, back button): show it.
    setShown(value);
    setText(dayToText(value));
  }
  const inRange = (day: string) => (!min || day >= min) && (!max || day <= max);
  const day = textToDay(text);
  const invalid = text !== '' && (text.length === 10 || left) && !(day && inRange(day));

  return (
    <>
      <Input
        {...props}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/aaaa"
        maxLength={10}
        className={className}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onBlur={(event) => {
          setLeft(true);
          props.onBlur?.(event);
        }}
        onChange={(event) => {
          const next = maskDayText(event.target.value);
          setText(next);
          setLeft(false);
          if (next === '') {
            setShown(undefined);
            onValueChange(undefined);
            return;
          }
          const nextDay = textToDay(next);
          if (nextDay && inRange(nextDay)) {
            setShown(nextDay);
            onValueChange(nextDay);
          }
        }}
      />
      <FieldError id={errorId}>{invalid ? invalidMessage : null}</FieldError>
    </>
  );
}
