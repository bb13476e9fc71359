import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { inputClassName } from '#web/components/ui/input';
import { cn } from '#web/lib/cn';

/** A native <select> styled like the design system's inputs (native: keyboard, mobile pickers and a11y for free). */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(inputClassName, 'cursor-pointer appearance-none pr-10', className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
