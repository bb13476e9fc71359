import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { toast } from '#web/components/ui/toaster';
import { copyText } from '#web/features/videos';

/** The prompt (a film's title) with 'Copiar prompt'. */
export function PromptCard({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const { t: tf } = useTranslation('films');
  const copyPrompt = async () => {
    try {
      await copyText(request.prompt);
      toast.success(t('prompt.copied'));
    } catch {
      toast.error(t('prompt.copyError'));
    }
  };
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle as="h2" className="text-base">
          {request.kind === 'film' ? tf('detail.titleLabel') : t('prompt.title')}
        </CardTitle>
        <Button variant="outline" size="sm" onClick={() => void copyPrompt()} data-testid="copy-prompt">
          <Copy aria-hidden="true" />
          {t('prompt.copy')}
        </Button>
      </CardHeader>
      <CardContent>
        <p className="text-sm break-words whitespace-pre-wrap" data-testid="request-prompt">
          {request.prompt}
        </p>
      </CardContent>
    </Card>
  );
}
