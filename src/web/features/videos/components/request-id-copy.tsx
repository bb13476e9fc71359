import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { copyText } from '../lib/clipboard';

/** The request's id as the confirmation page shows it, with a button that copies it. */
export function RequestIdCopy({ id }: { id: string }) {
  const { t } = useTranslation('videos');
  const copy = async () => {
    try {
      await copyText(id);
      toast.success(t('confirmation.copied'));
    } catch {
      toast.error(t('confirmation.copyError'));
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm text-muted-foreground">{t('confirmation.idLabel')}</span>
      <div className="flex items-center gap-2">
        <code
          className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
          data-testid="request-id"
          title={id}
        >
          {id}
        </code>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('confirmation.copy')}
          title={t('confirmation.copy')}
          onClick={() => void copy()}
          data-testid="copy-id"
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
