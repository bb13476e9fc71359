import {
  BadgePercent,
  Clapperboard,
  Coins,
  CreditCard,
  Crown,
  Gauge,
  Gift,
  Package,
  PackageCheck,
  Receipt,
  Repeat,
  UserCheck,
  UserPlus,
  Users,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminStats, formatConversionRate } from '#shared/admin';
import { findPlan } from '#shared/catalogue';
import { formatBRL } from '#shared/format';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatCredits } from '#web/features/credits';
import { currentLanguage } from '#web/lib/language';

type StatKey = Exclude<keyof AdminStats, 'generatedAt'>;

interface StatDef {
  key: StatKey;
  icon: ReactNode;
  hint?: 'conversionHint' | 'revenueHint' | 'creditsIssuedHint';
}

/** Every AdminStats figure, in reading order: audience, money, usage, catalogue. */
const STATS: readonly StatDef[] = [
  { key: 'totalUsers', icon: <Users /> },
  { key: 'payingUsers', icon: <UserCheck /> },
  { key: 'conversionRate', icon: <BadgePercent />, hint: 'conversionHint' },
  { key: 'recentSignups', icon: <UserPlus /> },
  { key: 'totalRevenue', icon: <Wallet />, hint: 'revenueHint' },
  { key: 'subscriptionRevenue', icon: <Repeat /> },
  { key: 'creditPackageRevenue', icon: <Receipt /> },
  { key: 'activeSubscriptions', icon: <CreditCard /> },
  { key: 'totalCreditsIssued', icon: <Coins />, hint: 'creditsIssuedHint' },
  { key: 'trialCreditsIssued', icon: <Gift /> },
  { key: 'inviteCreditsIssued', icon: <Gift /> },
  { key: 'totalVideoRequests', icon: <Clapperboard /> },
  { key: 'mostUsedQuality', icon: <Gauge /> },
  { key: 'mostPopularPlan', icon: <Crown /> },
  { key: 'creditPackagesSold', icon: <PackageCheck /> },
  { key: 'topCreditPackage', icon: <Package /> },
];

const MONEY: ReadonlySet<StatKey> = new Set(['totalRevenue', 'subscriptionRevenue', 'creditPackageRevenue']);

/** The figure as read on the card; `null` ids read '—'. */
function useStatText() {
  const { t } = useTranslation('admin');
  const { t: tv } = useTranslation('videos');
  const { t: tb } = useTranslation('billing');
  return (stats: AdminStats, key: StatKey): string => {
    const dash = t('none');
    switch (key) {
      case 'conversionRate':
        return formatConversionRate(stats, currentLanguage());
      case 'mostPopularPlan':
        return stats.mostPopularPlan
          ? (findPlan(stats.mostPopularPlan)?.name ?? stats.mostPopularPlan)
          : dash;
      case 'mostUsedQuality':
        return stats.mostUsedQuality ? tv(`quality.${stats.mostUsedQuality}`) : dash;
      case 'topCreditPackage':
        return stats.topCreditPackage ? tb(`buyCredits.names.${stats.topCreditPackage}`) : dash;
      default: {
        const value = stats[key];
        return MONEY.has(key) ? formatBRL(value) : formatCredits(value);
      }
    }
  };
}

/**
 * The metric cards (spec §2, docs/admin-contract.md): one per AdminStats field. Each card carries the raw value in
 * `data-value` (ids as ids, `none` for null) so tests read figures without parsing formatted text.
 */
export function StatsGrid({ stats, loading }: { stats: AdminStats | undefined; loading: boolean }) {
  const { t } = useTranslation('admin');
  const text = useStatText();
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="admin-stats">
      {STATS.map(({ key, icon, hint }) => {
        const raw = stats ? stats[key] : undefined;
        return (
          <Card
            key={key}
            className="min-w-0 gap-2 p-4 sm:p-5"
            data-testid={`stat-${key}`}
            data-value={raw === undefined ? undefined : raw === null ? 'none' : String(raw)}
          >
            <div className="flex items-start justify-between gap-2">
              <h3 className="text-sm leading-snug font-medium text-muted-foreground">{t(`stats.${key}`)}</h3>
              <span aria-hidden="true" className="text-primary [&_svg]:size-5">
                {icon}
              </span>
            </div>
            {loading || !stats ? (
              <Skeleton className="h-8 w-24 max-w-full" />
            ) : (
              <p
                className="text-xl font-bold tracking-tight break-words tabular-nums sm:text-2xl"
                data-testid={`stat-${key}-text`}
              >
                {text(stats, key)}
              </p>
            )}
            {hint ? <p className="text-xs text-muted-foreground">{t(`stats.${hint}`)}</p> : null}
          </Card>
        );
      })}
    </div>
  );
}
