import { type ReactElement, useId } from 'react';
import {
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useController,
} from 'react-hook-form';
import { FieldError, FieldHint, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Renders the control with its id and ARIA wiring (label, hint and error). */
  children: (control: FieldControlProps) => ReactElement;
  className?: string;
}

/** Label + control + hint + inline error, wired for assistive tech. Always reserves no space for a missing error. */
export function FormField({ label, error, hint, children, className }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'flex flex-col gap-2'}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** `T` is what the inputs hold, `Out` what the form's schema turns it into on submit. */
export interface HookFieldProps<T extends FieldValues, N extends FieldPath<T>, Out extends FieldValues = T> {
  control: Control<T, unknown, Out>;
  name: N;
  label: string;
  hint?: string | undefined;
  className?: string;
}

/**
 * A react-hook-form field inside FormField: its message shown inline, and its input (given `field.ref`) the one
 * react-hook-form focuses when a submit finds it invalid.
 */
export function HookFormField<T extends FieldValues, N extends FieldPath<T>, Out extends FieldValues = T>({
  control,
  name,
  label,
  hint,
  className,
  children,
}: HookFieldProps<T, N, Out> & {
  children: (control: FieldControlProps, field: ControllerRenderProps<T, N>) => ReactElement;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField label={label} hint={hint} error={fieldState.error?.message} className={className}>
      {(wiring) => children(wiring, field)}
    </FormField>
  );
}

/**
 * A refusal of what was typed in one field (a wrong password or code): shown under the field, which is selected
 * for retyping, and in a toast titled `title`.
 */
export function refuseField<T extends FieldValues, Out extends FieldValues>(
  form: UseFormReturn<T, unknown, Out>,
  name: FieldPath<T>,
  title: string,
  message: string,
): void {
  form.setError(name, { message });
  toast.error(title, { description: message });
  form.setFocus(name, { shouldSelect: true });
}
