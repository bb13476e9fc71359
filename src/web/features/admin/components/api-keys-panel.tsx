import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminApiKey } from '#shared/api-keys';
import { Badge } from '#web/components/ui/badge';
import { Card } from '#web/components/ui/card';
import { useAdminApiKeys } from '../api/api-keys';
import { formatAdminDateTime } from '../lib/format';
import { ApiKeyRevoke } from './api-key-revoke';

/**
 * 'Chaves de API' (ADR 0063, GET /api/admin/api-keys): the busiest keys with their owner, requests and last use,
 * and 'Revogar' after a confirmation. Stacked cards at 375 px.
 */
export function ApiKeysPanel() {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const query = useAdminApiKeys();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-api-keys">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {t('apiKeys.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('apiKeys.description')}</p>
      {query.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t('apiKeys.loadError')}
        </p>
      ) : query.data?.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('apiKeys.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {query.data?.map((apiKey) => (
            <ApiKeyCard key={apiKey.id} apiKey={apiKey} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ApiKeyCard({ apiKey }: { apiKey: AdminApiKey }) {
  const { t } = useTranslation('admin');
  return (
    <li>
      <Card className="flex flex-col gap-1 p-4 text-sm" data-testid="admin-api-key">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{apiKey.name}</span>
          <code className="rounded bg-muted px-1.5 font-mono text-xs">{apiKey.prefix}…</code>
          {apiKey.revokedAt ? <Badge variant="secondary">{t('apiKeys.revokedBadge')}</Badge> : null}
        </div>
        <span className="break-all text-muted-foreground">{apiKey.userEmail}</span>
        <span data-testid="admin-api-key-requests">
          {t('apiKeys.requests', { count: apiKey.requestCount })} ·{' '}
          {apiKey.lastUsedAt
            ? t('apiKeys.lastUsed', { date: formatAdminDateTime(apiKey.lastUsedAt) })
            : t('apiKeys.neverUsed')}
        </span>
        {apiKey.revokedAt ? null : <ApiKeyRevoke id={apiKey.id} name={apiKey.name} />}
      </Card>
    </li>
  );
}
