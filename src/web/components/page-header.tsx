import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';

export interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Small line under the subtitle (e.g. "Última atualização: …"). */
  meta?: string;
  children?: ReactNode;
  className?: string;
}

/** The h1 band at the top of the inner public pages. */
export function PageHeader({ title, subtitle, meta, children, className }: PageHeaderProps) {
  return (
    <div
      className={cn('border-b border-border bg-linear-to-b from-primary-soft/70 to-background', className)}
    >
      <div className="container-page flex flex-col items-center gap-4 py-12 text-center sm:py-16">
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl md:text-5xl">
          {title}
        </h1>
        {subtitle ? (
          <p className="max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">{subtitle}</p>
        ) : null}
        {meta ? <p className="text-sm text-muted-foreground">{meta}</p> : null}
        {children}
      </div>
    </div>
  );
}
