import type { ComponentProps } from 'react';
import { type FieldControlProps, FormField } from './form-field';
import { PasswordInput } from './password-input';

export interface PasswordFieldProps
  extends Omit<ComponentProps<typeof PasswordInput>, keyof FieldControlProps | 'value' | 'onChange'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled password input with the show/hide toggle, hint and inline error (FormField + PasswordInput). */
export function PasswordField({ label, error, hint, onValueChange, ...input }: PasswordFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <PasswordInput {...control} {...input} onChange={(event) => onValueChange(event.target.value)} />
      )}
    </FormField>
  );
}
