import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView } from '#shared/api-keys';
import { formatDate, formatDateTime } from '#shared/format';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { useRevokeApiKey } from '../api/api-keys';

/** One key of the list: its name, prefix, scopes, limit, creation and last use; revoked after confirming. */
export function ApiKeyItem({ apiKey, timeZone }: { apiKey: ApiKeyView; timeZone: string }) {
  const { t } = useTranslation('developers');
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);

  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(apiKey.id);
      setConfirming(false);
      toast.success(t('keys.revoked'));
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('keys.error'));
    }
  };

  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0" data-testid="api-key-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-semibold break-words" data-testid="api-key-item-name">
          {apiKey.name}
        </span>
        {apiKey.scopes.map((scope) => (
          <Badge key={scope} variant="secondary">
            {t(`scopes.${scope}`)}
          </Badge>
        ))}
      </div>
      <code className="w-fit rounded bg-muted px-2 py-0.5 font-mono text-xs">{apiKey.prefix}…</code>
      <p className="text-sm text-muted-foreground">
        {apiKey.dailyCreditLimit === null
          ? t('keys.noLimit')
          : t('keys.dailyLimit', { count: apiKey.dailyCreditLimit })}
      </p>
      <p className="text-xs text-muted-foreground" data-testid="api-key-item-use">
        {t('keys.createdAt', { date: formatDate(new Date(apiKey.createdAt), timeZone) })} ·{' '}
        {apiKey.lastUsedAt
          ? t('keys.lastUsed', { date: formatDateTime(new Date(apiKey.lastUsedAt), timeZone) })
          : t('keys.neverUsed')}
      </p>
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        aria-label={t('keys.revokeLabel', { name: apiKey.name })}
        onClick={() => setConfirming(true)}
        data-testid="api-key-revoke"
      >
        <Trash2 aria-hidden="true" />
        {t('keys.revoke')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('keys.revokeTitle', { name: apiKey.name })}
        description={t('keys.revokeBody')}
        cancelLabel={t('keys.cancel')}
        confirmLabel={t('keys.revokeConfirm')}
        onConfirm={() => void onRevoke()}
        pending={revoke.isPending}
        confirmTestId="api-key-revoke-confirm"
      />
    </li>
  );
}
