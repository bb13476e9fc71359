import { Network } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminPlatform, MCP_SESSION_IDLE_MINUTES, type PlatformKey } from '#shared/admin-platform';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { useAdminPlatform } from '../api/platform';
import { formatAdminDateTime } from '../lib/format';
import { ApiKeyRevoke } from './api-key-revoke';

const count = (value: number) => value.toLocaleString('pt-BR');

/**
 * 'Plataforma — últimas 24 h' (GET /api/admin/platform, docs/admin-contract.md): requests per API key with the
 * key's owner, scopes, last use and 'Revogar'; webhook deliveries by state with the latest failures; MCP sessions
 * open now and opened in the day. One request; loading, error (with retry) and empty states; one column at 375 px.
 */
export function PlatformPanel() {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const query = useAdminPlatform();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-platform">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <Network aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {t('platform.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('platform.description')}</p>
      {query.isError && !query.data ? (
        <Card className="flex-row flex-wrap items-center gap-3 p-4 text-sm text-destructive" role="alert">
          {t('platform.loadError')}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('retry')}
          </Button>
        </Card>
      ) : !query.data ? (
        <Skeleton className="h-40 w-full" data-testid="admin-platform-loading" />
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          <PlatformKeys apiKeys={query.data.apiKeys} />
          <div className="flex flex-col gap-3">
            <PlatformWebhooks webhooks={query.data.webhooks} />
            <PlatformMcp mcp={query.data.mcp} />
          </div>
        </div>
      )}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
        {count(value)}
      </dd>
    </div>
  );
}

function PlatformKeys({ apiKeys }: { apiKeys: AdminPlatform['apiKeys'] }) {
  const { t } = useTranslation('admin');
  return (
    <Card className="flex flex-col gap-3 p-4 text-sm">
      <h3 className="font-medium">{t('platform.keysTitle')}</h3>
      {apiKeys.busiest.length === 0 ? (
        <p className="text-muted-foreground" data-testid="admin-platform-keys-empty">
          {t('platform.keysEmpty')}
        </p>
      ) : (
        <>
          <p className="text-muted-foreground" data-testid="admin-platform-keys-summary">
            {t('platform.keysSummary', { count: apiKeys.used, requests: count(apiKeys.requests) })}
          </p>
          <ul className="flex flex-col gap-2">
            {apiKeys.busiest.map((key) => (
              <PlatformKeyItem key={key.id} apiKey={key} />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function PlatformKeyItem({ apiKey }: { apiKey: PlatformKey }) {
  const { t } = useTranslation('admin');
  return (
    <li className="flex flex-col gap-0.5 border-t border-border pt-2" data-testid="admin-platform-key">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold break-words">{apiKey.name}</span>
        <code className="rounded bg-muted px-1.5 font-mono text-xs">{apiKey.prefix}…</code>
        {apiKey.scopes.map((scope) => (
          <Badge key={scope} variant="outline">
            {t(`platform.scopes.${scope}`)}
          </Badge>
        ))}
        {apiKey.revokedAt ? <Badge variant="secondary">{t('apiKeys.revokedBadge')}</Badge> : null}
      </div>
      <span className="break-all text-muted-foreground">{apiKey.userEmail}</span>
      <span className="tabular-nums" data-testid="admin-platform-key-requests">
        {t('platform.requests', { count: apiKey.requestsLastDay, requests: count(apiKey.requestsLastDay) })} ·{' '}
        {apiKey.lastUsedAt
          ? t('apiKeys.lastUsed', { date: formatAdminDateTime(apiKey.lastUsedAt) })
          : t('apiKeys.neverUsed')}
      </span>
      {apiKey.revokedAt ? null : <ApiKeyRevoke id={apiKey.id} name={apiKey.name} />}
    </li>
  );
}

function PlatformWebhooks({ webhooks }: { webhooks: AdminPlatform['webhooks'] }) {
  const { t } = useTranslation('admin');
  return (
    <Card className="flex flex-col gap-3 p-4 text-sm">
      <h3 className="font-medium">{t('platform.webhooksTitle')}</h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label={t('platform.delivered')} value={webhooks.delivered} testId="platform-delivered" />
        <Figure label={t('platform.retrying')} value={webhooks.retrying} testId="platform-retrying" />
        <Figure label={t('platform.failed')} value={webhooks.failed} testId="platform-failed" />
        <Figure
          label={t('platform.endpointsDisabled')}
          value={webhooks.endpointsDisabled}
          testId="platform-endpoints-disabled"
        />
      </dl>
      <h4 className="text-xs font-medium text-muted-foreground">{t('platform.failuresTitle')}</h4>
      {webhooks.latestFailures.length === 0 ? (
        <p className="text-muted-foreground">{t('platform.failuresEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {webhooks.latestFailures.map((failure) => (
            <li
              key={`${failure.at}-${failure.host}-${failure.event}`}
              className="flex flex-col border-t border-border pt-1.5"
              data-testid="admin-platform-failure"
            >
              <span className="break-all font-medium">{failure.host}</span>
              <span className="text-muted-foreground tabular-nums">
                {t(`platform.events.${failure.event}`)} ·{' '}
                {failure.responseCode === null ? t('platform.noAnswer') : `HTTP ${failure.responseCode}`} ·{' '}
                {formatAdminDateTime(failure.at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function PlatformMcp({ mcp }: { mcp: AdminPlatform['mcp'] }) {
  const { t } = useTranslation('admin');
  return (
    <Card className="flex flex-col gap-3 p-4 text-sm">
      <h3 className="font-medium">{t('platform.mcpTitle')}</h3>
      <dl className="grid grid-cols-2 gap-3">
        <Figure label={t('platform.mcpOpenNow')} value={mcp.openNow} testId="platform-mcp-open" />
        <Figure
          label={t('platform.mcpOpenedLastDay')}
          value={mcp.openedLastDay}
          testId="platform-mcp-opened"
        />
      </dl>
      <p className="text-xs text-muted-foreground">
        {t('platform.mcpHint', { minutes: MCP_SESSION_IDLE_MINUTES })}
      </p>
    </Card>
  );
}
