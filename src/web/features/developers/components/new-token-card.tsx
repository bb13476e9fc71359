import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { toast } from '#web/components/ui/toaster';
import { copyText } from '#web/features/videos';
import type { NewToken } from './api-key-form';

/** The token of the key just created, shown this once (the server keeps only its hash), with a copy button. */
export function NewTokenCard({ created, onDone }: { created: NewToken; onDone: () => void }) {
  const { t } = useTranslation('developers');
  const copy = async () => {
    try {
      await copyText(created.token);
      toast.success(t('token.copied'));
    } catch {
      toast.error(t('token.copyError'));
    }
  };
  return (
    <Card role="status" className="border-primary" data-testid="api-key-token-card">
      <CardContent className="flex flex-col gap-3 pt-5">
        <p className="font-semibold">{t('token.title', { name: created.name })}</p>
        <p className="text-sm text-muted-foreground">{t('token.body')}</p>
        <div className="flex items-center gap-2">
          <code
            className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
            data-testid="api-key-token"
          >
            {created.token}
          </code>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('token.copy')}
            title={t('token.copy')}
            onClick={() => void copy()}
            data-testid="api-key-copy"
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
        <Button
          variant="secondary"
          className="w-full sm:w-fit"
          onClick={onDone}
          data-testid="api-key-token-done"
        >
          {t('token.done')}
        </Button>
      </CardContent>
    </Card>
  );
}
