import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { useAdminRevokeApiKey } from '../api/api-keys';

/**
 * 'Revogar' on any account's key, after a confirmation (`DELETE /api/admin/api-keys/{id}`): the key is refused at
 * once by every process, and the server records which admin revoked it.
 */
export function ApiKeyRevoke({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('admin');
  const revoke = useAdminRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(id);
      setConfirming(false);
      toast.success(t('apiKeys.revoked'));
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('apiKeys.error'));
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" className="mt-1 w-fit" onClick={() => setConfirming(true)}>
        {t('apiKeys.revoke')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('apiKeys.revokeTitle', { name })}
        description={t('apiKeys.revokeBody')}
        cancelLabel={t('apiKeys.cancel')}
        confirmLabel={t('apiKeys.revoke')}
        onConfirm={() => void onRevoke()}
        pending={revoke.isPending}
        confirmTestId="admin-api-key-revoke-confirm"
      />
    </>
  );
}
