import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

export const inputClassName = cn(
  'flex h-10 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors sm:text-sm',
  'placeholder:text-muted-foreground/80',
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/40',
  'file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
);

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClassName, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClassName, 'min-h-24 h-auto resize-y', className)} {...props} />;
}

export function Label({ className, htmlFor, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: a generic label; callers pass htmlFor (or wrap the control)
    <label
      htmlFor={htmlFor}
      className={cn(
        'text-sm leading-none font-medium text-foreground peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}

/**
 * An inline validation message. Give it an `id` and point the input's `aria-describedby` at it (and set
 * `aria-invalid`); it renders nothing when there is no message, and is announced politely when it appears.
 */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <p role="alert" aria-live="polite" className={cn('text-sm text-destructive', className)} {...props}>
      {children}
    </p>
  );
}

/** Helper text below a field. */
export function FieldHint({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
