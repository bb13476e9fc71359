import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '#shared/customer-webhooks';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { toast } from '#web/components/ui/toaster';
import { useDeleteWebhook, useWebhooks } from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm } from './webhook-form';
import { WebhookSecretNotice } from './webhook-secret-notice';

/** One endpoint: its address, status, events, failure streak, deliveries, and 'Excluir' behind a question. */
function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const remove = useDeleteWebhook();
  const [asking, setAsking] = useState(false);
  const onDelete = () =>
    remove.mutate(endpoint.id, {
      onSuccess: () => setAsking(false),
      onError: (failure) => toast.error(t('list.deleteError'), { description: failure.message }),
    });
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4" data-testid="webhook-endpoint">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={endpoint.enabled ? 'success' : 'destructive'}>
              {endpoint.enabled ? t('list.enabled') : t('list.disabled')}
            </Badge>
            {endpoint.failureStreak > 0 ? (
              <span className="text-xs text-muted-foreground">
                {t('list.streak', { count: endpoint.failureStreak })}
              </span>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground">
            {endpoint.events.map((event) => t(`events.${event}`)).join(' · ')}
          </p>
          {endpoint.enabled ? null : <p className="text-sm text-destructive">{t('list.disabledHint')}</p>}
        </div>
        <Button variant="outline" size="sm" className="min-h-11 sm:min-h-9" onClick={() => setAsking(true)}>
          {t('list.delete')}
        </Button>
      </div>
      <WebhookDeliveries endpointId={endpoint.id} deliveries={endpoint.deliveries} />
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('list.deleteTitle')}
        description={t('list.deleteDescription', { url: endpoint.url })}
        cancelLabel={t('list.deleteCancel')}
        confirmLabel={t('list.delete')}
        onConfirm={onDelete}
        pending={remove.isPending}
        confirmTestId="webhook-delete-confirm"
      />
    </li>
  );
}

function EndpointList() {
  const { t } = useTranslation('webhooks');
  const webhooks = useWebhooks();
  if (webhooks.isPending) return <p className="text-sm text-muted-foreground">{t('list.loading')}</p>;
  if (webhooks.isError) {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        {t('list.loadError')}
        <Button
          size="sm"
          variant="outline"
          onClick={() => void webhooks.refetch()}
          loading={webhooks.isFetching}
        >
          {t('list.retry')}
        </Button>
      </p>
    );
  }
  const { endpoints } = webhooks.data;
  if (endpoints.length === 0) return <p className="text-sm text-muted-foreground">{t('list.empty')}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {endpoints.map((endpoint) => (
        <EndpointItem key={endpoint.id} endpoint={endpoint} />
      ))}
    </ul>
  );
}

/**
 * Webhooks to the customer's systems (ADR 0064), a section of Perfil → Desenvolvedores: register an endpoint, see
 * its secret once, follow each endpoint's status and deliveries, 'Reenviar' one, delete one. Phone first: one
 * column, full-width actions and 44 px touch targets under 640 px.
 */
export function WebhooksSection() {
  const { t } = useTranslation('webhooks');
  const [secret, setSecret] = useState<string | undefined>();
  return (
    <Card aria-labelledby="webhooks-title" data-testid="webhooks-section">
      <CardHeader>
        <CardTitle id="webhooks-title" as="h2">
          {t('title')}
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {secret ? (
          <WebhookSecretNotice secret={secret} onDone={() => setSecret(undefined)} />
        ) : (
          <WebhookForm onCreated={setSecret} />
        )}
        <EndpointList />
      </CardContent>
    </Card>
  );
}
