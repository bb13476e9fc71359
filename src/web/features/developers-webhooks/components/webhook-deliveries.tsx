import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '#shared/customer-webhooks';
import { formatDateTime } from '#shared/format';
import { Badge, type BadgeVariant } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { useResendDelivery } from '../api/webhooks';

const STATUS_BADGE: Record<WebhookDelivery['status'], BadgeVariant> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'destructive',
};

/** One delivery: its event, status, the receiver's last answer, its attempts, and 'Reenviar'. */
function DeliveryItem({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  const resend = useResendDelivery();
  const last = delivery.attempts.at(-1);
  const onResend = () =>
    resend.mutate(
      { id: endpointId, deliveryId: delivery.id },
      { onError: (failure) => toast.error(t('deliveries.resendError'), { description: failure.message }) },
    );
  return (
    <li
      className="flex flex-col gap-2 border-t border-border py-3 sm:flex-row sm:items-center"
      data-testid="webhook-delivery"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <code className="text-sm">{delivery.type}</code>
          <Badge variant={STATUS_BADGE[delivery.status]}>{t(`deliveries.${delivery.status}`)}</Badge>
          <span className="text-sm text-muted-foreground">
            {delivery.lastResponseCode === null
              ? t('deliveries.noAnswer')
              : t('deliveries.code', { code: delivery.lastResponseCode })}
          </span>
        </div>
        <p className="text-xs text-muted-foreground">
          {formatDateTime(new Date(last?.at ?? delivery.createdAt))} ·{' '}
          {t('deliveries.attempts', { count: delivery.attempts.length })}
          {delivery.nextAttemptAt
            ? ` · ${t('deliveries.next', { date: formatDateTime(new Date(delivery.nextAttemptAt)) })}`
            : ''}
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        loading={resend.isPending}
        onClick={onResend}
        className="min-h-11 sm:min-h-9"
      >
        {t('deliveries.resend')}
      </Button>
    </li>
  );
}

export function WebhookDeliveries({
  endpointId,
  deliveries,
}: {
  endpointId: string;
  deliveries: WebhookDelivery[];
}) {
  const { t } = useTranslation('webhooks');
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-medium">{t('deliveries.title')}</p>
      {deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('deliveries.empty')}</p>
      ) : (
        <ul>
          {deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} endpointId={endpointId} delivery={delivery} />
          ))}
        </ul>
      )}
    </div>
  );
}
