import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'> {
  size?: keyof typeof sizes;
  /** Accessible name; defaults to "Carregando…". Pass `decorative` when a parent already announces the state. */
  label?: string;
  /** Hide from assistive tech (e.g. inside a button that already has text). */
  decorative?: boolean;
}

export function Spinner({ size = 'md', label, decorative = false, className, ...props }: SpinnerProps) {
  const { t } = useTranslation('common');
  return (
    <span
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative || undefined}
      className={cn('inline-flex shrink-0 items-center justify-center', className)}
      {...props}
    >
      <svg className={cn('animate-spin', sizes[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path
          d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      {decorative ? null : <span className="sr-only">{label ?? t('loading')}</span>}
    </span>
  );
}

/** A full-area centred spinner for route and section loading states. */
export function PageSpinner({ className, ...props }: SpinnerProps) {
  return (
    <div className={cn('flex min-h-[50vh] w-full items-center justify-center text-primary', className)}>
      <Spinner size="lg" {...props} />
    </div>
  );
}
