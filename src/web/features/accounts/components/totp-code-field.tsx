import type { Ref } from 'react';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { FormField } from './form-field';

/** The 6-digit code of an authenticator app: digits only, one-time-code autofill, spaced monospace. */
export function TotpCodeField({
  label,
  error,
  name,
  value,
  onValueChange,
  inputRef,
  className,
}: {
  label: string;
  error: string | undefined;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          ref={inputRef}
          name={name}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          className={cn('font-mono tracking-widest', className)}
          value={value}
          onChange={(event) => onValueChange(event.target.value.replace(/\D/g, ''))}
        />
      )}
    </FormField>
  );
}
