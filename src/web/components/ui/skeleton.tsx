import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

/** A pulsing placeholder block; size it with className (e.g. "h-4 w-32"). Hidden from assistive tech. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
