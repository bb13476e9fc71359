import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Credits } from '../api/get-credits';
import { formatCredits } from '../lib/format';

/** Spec §2/§9: credits expiring within 7 days — the total and the days left. Renders nothing when there are none. */
export function ExpiringCreditsAlert({ expiringSoon }: { expiringSoon: Credits['expiringSoon'] }) {
  const { t } = useTranslation('credits');
  if (expiringSoon.total <= 0) return null;
  const days = expiringSoon.daysLeft ?? 0;
  return (
    <div
      role="status"
      data-testid="expiring-credits"
      className="flex flex-col gap-3 rounded-(--radius-card) border border-warning/30 bg-warning-soft p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
        <div className="flex flex-col gap-0.5">
          <p className="font-semibold">
            {t('expiring.title', { count: expiringSoon.total, value: formatCredits(expiringSoon.total) })}
          </p>
          <p className="text-sm text-muted-foreground">
            {days <= 0 ? t('expiring.today') : t('expiring.days', { count: days })}
          </p>
        </div>
      </div>
      <Link
        to="/dashboard/create"
        className="inline-flex h-9 shrink-0 items-center justify-center rounded-lg border border-input bg-card px-3 text-sm font-medium shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {t('expiring.useNow')}
      </Link>
    </div>
  );
}
