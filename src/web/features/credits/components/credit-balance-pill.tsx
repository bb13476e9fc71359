import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '#web/components/ui/skeleton';
import { cn } from '#web/lib/cn';
import { useCredits } from '../api/get-credits';
import { formatCredits } from '../lib/format';

/** The header's live balance; links to Buy credits. Fixed minimum width so loading → value does not shift. */
export function CreditBalancePill({ className }: { className?: string }) {
  const { t } = useTranslation('credits');
  const credits = useCredits();
  const balance = credits.data?.balance;

  return (
    <Link
      to="/dashboard/buy-credits"
      data-testid="credit-balance"
      aria-label={
        balance === undefined
          ? t('balance.loadingLabel')
          : t('balance.label', { count: balance, value: formatCredits(balance) })
      }
      className={cn(
        'inline-flex h-9 min-w-24 shrink-0 items-center justify-center gap-1.5 rounded-full border border-border bg-card px-3 text-sm font-medium whitespace-nowrap tabular-nums transition-colors hover:bg-accent',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <Coins aria-hidden="true" className="size-4 text-primary" />
      {balance !== undefined ? (
        <span aria-hidden="true">
          {t('balance.short', { count: balance, value: formatCredits(balance) })}
        </span>
      ) : credits.isError ? (
        <span aria-hidden="true">—</span>
      ) : (
        <Skeleton className="h-4 w-14" />
      )}
    </Link>
  );
}
