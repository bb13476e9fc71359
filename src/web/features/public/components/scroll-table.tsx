import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

/**
 * A table in a horizontally scrollable, keyboard-focusable region (so a wide table can be scrolled without a
 * mouse at 375 px). Use the ui/table parts (TableHeader, TableRow…) inside.
 */
export function ScrollTable({
  label,
  className,
  tableClassName,
  children,
  ...props
}: ComponentProps<'table'> & { label: string; tableClassName?: string }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        'relative w-full overflow-x-auto rounded-(--radius-card) border border-border bg-card shadow-xs',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <table className={cn('w-full caption-bottom border-collapse text-sm', tableClassName)} {...props}>
        {children}
      </table>
    </section>
  );
}
