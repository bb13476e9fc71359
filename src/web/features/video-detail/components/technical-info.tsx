import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VideoRequestView } from '#shared/video-request';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '#web/components/ui/accordion';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { formatCredits } from '#web/features/credits';
import { copyText, useChosenDetails } from '#web/features/videos';

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words sm:text-right" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** What the JSON prompt view adds: which images went to the model with the text, and what it derives from. */
function jsonInputs(request: VideoRequestView) {
  return {
    firstFrame: request.firstFrameUrl !== null,
    lastFrame: request.lastFrameUrl !== null,
    referenceImages: request.referenceImageUrls.length,
    ...(request.cast.length > 0 ? { cast: request.cast.map(({ name, kind }) => ({ name, kind })) } : {}),
    ...(request.sourceRequestId
      ? { [request.kind === 'edit' ? 'edits' : 'extends']: request.sourceRequestId }
      : {}),
  };
}

/** Id (with copy), quality, ratio, the other chosen fields, seed, credits, resolution, delivered length, model and the structured JSON prompt. */
export function TechnicalInfo({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const { t: tv } = useTranslation('videos');
  const none = t('technical.none');
  const chosen = useChosenDetails(request);
  const copyId = async () => {
    try {
      await copyText(request.id);
      toast.success(t('technical.idCopied'));
    } catch {
      toast.error(t('technical.idCopyError'));
    }
  };
  const delivered = request.technical.deliveredSeconds;
  const inputs: string[] = [
    request.firstFrameUrl ? t('technical.inputFirstFrame') : null,
    request.lastFrameUrl ? t('technical.inputLastFrame') : null,
    request.referenceImageUrls.length > 0
      ? t('technical.inputReferences', { count: request.referenceImageUrls.length })
      : null,
  ].filter((input) => input !== null);
  return (
    <div className="flex flex-col gap-4">
      <dl className="flex flex-col gap-3" data-testid="technical-info">
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-muted-foreground">{t('technical.id')}</dt>
          <dd className="flex items-center gap-2">
            <code
              className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1 font-mono text-xs break-all"
              data-testid="technical-id"
            >
              {request.id}
            </code>
            <Button
              variant="outline"
              size="icon"
              className="size-8"
              aria-label={t('technical.copyId')}
              title={t('technical.copyId')}
              onClick={() => void copyId()}
            >
              <Copy aria-hidden="true" />
            </Button>
          </dd>
        </div>
        <Row label={t('technical.quality')} testId="technical-quality">
          {/* A film's stored mode is its best scene's; each scene kept its own (ADR 0014, 0058). */}
          {request.kind === 'film' ? t('technical.filmQuality') : tv(`quality.${request.quality}`)}
        </Row>
        <Row label={t('technical.aspectRatio')} testId="technical-ratio">
          {request.aspectRatio}
        </Row>
        {chosen.map((detail) => (
          <Row key={detail.key} label={detail.label} testId={`technical-${detail.key}`}>
            {detail.value}
          </Row>
        ))}
        <Row label={t('technical.seed')} testId="technical-seed">
          {request.seed ?? none}
        </Row>
        <Row label={t('technical.credits')} testId="technical-credits">
          {formatCredits(request.creditsUsed)}
        </Row>
        <Row label={t('technical.resolution')}>{request.technical.resolution ?? none}</Row>
        <Row label={t('technical.delivered')}>
          {delivered === null
            ? none
            : t('technical.deliveredValue', { value: Math.round(delivered * 10) / 10 })}
        </Row>
        <Row label={t('technical.model')}>{request.technical.model ?? none}</Row>
        <Row label={t('technical.origin')} testId="technical-origin">
          {t(`technical.originValue.${request.kind}`)}
        </Row>
        <Row label={t('technical.inputs')} testId="technical-inputs">
          {inputs.length > 0 ? inputs.join(', ') : t('technical.inputsNone')}
        </Row>
        {request.cast.length > 0 ? (
          <Row label={t('technical.cast')} testId="technical-cast">
            {request.cast.map((member) => member.name).join(', ')}
          </Row>
        ) : null}
        {request.variation ? (
          <Row label={t('technical.variation')} testId="technical-variation">
            {t('technical.variationValue', {
              index: request.variation.requestIds.indexOf(request.id) + 1,
              count: request.variation.requestIds.length,
            })}
          </Row>
        ) : null}
      </dl>
      {request.structuredPrompt ? (
        <Accordion type="single" collapsible className="border-t border-border">
          <AccordionItem value="json">
            <AccordionTrigger className="py-3 text-sm" data-testid="structured-prompt-toggle">
              {t('technical.structuredPrompt')}
            </AccordionTrigger>
            <AccordionContent>
              <pre
                className="max-h-80 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-words whitespace-pre-wrap text-foreground"
                data-testid="structured-prompt"
              >
                {JSON.stringify({ ...request.structuredPrompt, inputs: jsonInputs(request) }, null, 2)}
              </pre>
            </AccordionContent>
          </AccordionItem>
        </Accordion>
      ) : null}
    </div>
  );
}
