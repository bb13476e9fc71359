import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

/**
 * A card named by its title (`aria-labelledby`) is a region: ARIA 1.2 prohibits naming a generic div, and axe
 * flags it (aria-prohibited-attr) once a dialog hides the page's text from assistive technology.
 */
export function Card({ className, role, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role={role ?? (props['aria-labelledby'] ? 'region' : undefined)}
      className={cn(
        'flex flex-col rounded-(--radius-card) border border-border bg-card text-card-foreground shadow-xs',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5 sm:p-6', className)} {...props} />;
}

/** Defaults to an <h3>; pass `as` for another heading level. */
export function CardTitle({
  className,
  as: Tag = 'h3',
  ...props
}: ComponentProps<'h3'> & { as?: 'h1' | 'h2' | 'h3' | 'h4' | 'p' }) {
  return <Tag className={cn('text-lg leading-tight font-semibold tracking-tight', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 pb-5 sm:px-6 sm:pb-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('mt-auto flex items-center gap-2 px-5 pb-5 sm:px-6 sm:pb-6', className)} {...props} />
  );
}

/** A badge holder centred on the top edge of a card (the card must be `relative`), e.g. "Mais popular". */
export function CardRibbon({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('absolute -top-3 left-1/2 -translate-x-1/2', className)} {...props} />;
}
