import { type ReactElement, useId } from 'react';
import { FieldError, FieldHint, Label } from '../../../components/ui/input';

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

/** Focuses the first field marked invalid inside `form` (after a failed submit). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
