import { cn } from '#web/lib/cn';

export interface SectionHeadingProps {
  /** id of the heading, for `aria-labelledby` on the section. */
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  align?: 'center' | 'left';
  className?: string;
}

/** Eyebrow + h2 + subtitle at the top of a page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  align = 'center',
  className,
}: SectionHeadingProps) {
  return (
    <div
      className={cn('flex max-w-2xl flex-col gap-3', align === 'center' && 'mx-auto text-center', className)}
    >
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {subtitle ? <p className="text-base text-pretty text-muted-foreground sm:text-lg">{subtitle}</p> : null}
    </div>
  );
}
