import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '#web/components/ui/badge';
import type { SubscriptionStatus } from '../api/billing-calls';

const VARIANTS: Record<SubscriptionStatus, BadgeVariant> = {
  active: 'success',
  trialing: 'success',
  past_due: 'warning',
  incomplete: 'warning',
  canceled: 'destructive',
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation('billing');
  return (
    <Badge variant={VARIANTS[status] ?? 'outline'} data-testid="subscription-status">
      {t(`plans.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
