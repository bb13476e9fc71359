import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '#web/lib/cn';

/** The Cena mark: a rounded "play" frame. Decorative; pair it with the word "Cena". */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-7', className)}>
      <rect width="32" height="32" rx="9" className="fill-primary" />
      <path d="M13 10.5v11l9-5.5z" fill="#fff" />
    </svg>
  );
}

/** Logo linking to the home page, with an accessible name. */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link
      to="/"
      aria-label={t('homeLinkLabel')}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-foreground',
        'focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring',
        className,
      )}
    >
      <LogoMark />
      <span>{t('brand')}</span>
    </Link>
  );
}
