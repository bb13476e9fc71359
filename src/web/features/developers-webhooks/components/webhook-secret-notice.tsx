import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';

/** The new endpoint's secret, this once (the server never shows it again): copy it, then close the notice. */
export function WebhookSecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation('webhooks');
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    toast.success(t('secret.copied'));
  };
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-warning bg-warning-soft p-4"
      data-testid="webhook-secret"
    >
      <p className="text-sm font-semibold">{t('secret.title')}</p>
      <p className="text-sm">{t('secret.warning')}</p>
      <code className="rounded-md bg-card p-3 font-mono text-sm break-all select-all">{secret}</code>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void copy()}>
          {t('secret.copy')}
        </Button>
        <Button onClick={onDone}>{t('secret.done')}</Button>
      </div>
    </div>
  );
}
