import type { FieldPath, FieldValues } from 'react-hook-form';
import { Input } from '#web/components/ui/input';
import { cn } from '#web/lib/cn';
import { type HookFieldProps, HookFormField } from './form-field';

/** The 6-digit code of an authenticator app: digits only, one-time-code autofill, spaced monospace. */
export function TotpCodeField<T extends FieldValues, N extends FieldPath<T>, Out extends FieldValues = T>({
  inputName,
  inputClassName,
  ...field
}: HookFieldProps<T, N, Out> & { inputName: string; inputClassName?: string }) {
  return (
    <HookFormField {...field}>
      {(wiring, { value, onChange, onBlur, ref }) => (
        <Input
          {...wiring}
          ref={ref}
          name={inputName}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          className={cn('font-mono tracking-widest', inputClassName)}
          value={value ?? ''}
          onBlur={onBlur}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
        />
      )}
    </HookFormField>
  );
}
