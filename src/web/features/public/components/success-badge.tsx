import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

/**
 * A green badge with AA contrast at small sizes (the ui Badge's success tone is 4.49:1 at 12 px, just under AA).
 */
export function SuccessBadge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-full border border-success/25 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-[#14532d]',
        className ?? 'bg-success-soft',
      )}
      {...props}
    />
  );
}
