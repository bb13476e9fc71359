import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { ArrowLink } from './arrow-link';

export interface CtaBandProps {
  /** id of the h2; a `section` band is labelled by it. */
  titleId: string;
  title: string;
  subtitle: string;
  /** Where the button goes. */
  to: string;
  cta: ReactNode;
  /** `section` (labelled by the title) or a plain `div` inside a section of the caller's. */
  as?: 'section' | 'div';
  className?: string;
  titleClassName?: string;
}

/** The primary-coloured closing call to action: h2, a line of text and a secondary button with an arrow. */
export function CtaBand({
  titleId,
  title,
  subtitle,
  to,
  cta,
  as: Tag = 'section',
  className,
  titleClassName,
}: CtaBandProps) {
  return (
    <Tag
      aria-labelledby={Tag === 'section' ? titleId : undefined}
      className={cn(
        'flex flex-col items-center rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12',
        className,
      )}
    >
      <h2
        id={titleId}
        className={cn('text-2xl font-bold tracking-tight text-balance sm:text-3xl', titleClassName)}
      >
        {title}
      </h2>
      <p className="max-w-xl text-primary-foreground/85">{subtitle}</p>
      <ArrowLink to={to} size="lg" variant="secondary">
        {cta}
      </ArrowLink>
    </Tag>
  );
}
