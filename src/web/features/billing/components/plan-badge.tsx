import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '#web/lib/cn';
import { isCurrentSubscription } from '../api/billing-calls';
import { useSubscription } from '../api/subscription';
import { planName } from '../lib/plan';

/** The shell's compact plan badge ('Plano Starter' / 'Plano Free'), linking to /pricing. Nothing while loading. */
export function PlanBadge({ className }: { className?: string }) {
  const { t } = useTranslation('billing');
  const { data } = useSubscription();
  if (!data) return null;
  const subscription = isCurrentSubscription(data.subscription) ? data.subscription : null;
  const label = subscription ? t('plans.badge', { plan: planName(subscription) }) : t('plans.free');
  return (
    <Link
      to="/pricing"
      data-testid="plan-badge"
      data-plan={subscription?.planId ?? 'free'}
      aria-label={`${t('plans.label')}: ${label}`}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        subscription
          ? 'border-primary/30 bg-primary-soft text-primary hover:bg-primary-soft/70'
          : 'border-border bg-card text-muted-foreground hover:bg-accent',
        className,
      )}
    >
      <Sparkles aria-hidden="true" className="size-4" />
      <span aria-hidden="true">{label}</span>
    </Link>
  );
}
