import { useTranslation } from 'react-i18next';
import type { VideoRequestView } from '#shared/video-request';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';

/** The images the request was made with: first frame, last frame, references. */
export function ImagesCard({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const frames = [
    {
      url: request.firstFrameUrl,
      title: t('referenceImage.firstFrame'),
      alt: t('referenceImage.alt'),
      testId: 'first-frame-image',
    },
    {
      url: request.lastFrameUrl,
      title: t('referenceImage.lastFrame'),
      alt: t('referenceImage.lastFrameAlt'),
      testId: 'last-frame-image',
    },
  ].filter((frame) => frame.url);
  if (frames.length === 0 && request.referenceImageUrls.length === 0) return null;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          {t('referenceImage.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {frames.length > 0 ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {frames.map((frame) => (
              <figure key={frame.testId} className="flex flex-col gap-1">
                <img
                  src={frame.url ?? undefined}
                  alt={frame.alt}
                  className="max-h-60 w-auto max-w-full rounded-lg border border-border object-contain"
                  loading="lazy"
                  data-testid={frame.testId}
                />
                <figcaption className="text-xs text-muted-foreground">{frame.title}</figcaption>
              </figure>
            ))}
          </div>
        ) : null}
        {request.referenceImageUrls.length > 0 ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">{t('referenceImage.references')}</p>
            <ul className="flex flex-wrap gap-2" data-testid="reference-images">
              {request.referenceImageUrls.map((url, index) => (
                <li key={url}>
                  <img
                    src={url}
                    alt={t('referenceImage.referenceAlt', { number: index + 1 })}
                    className="size-24 rounded-lg border border-border object-cover"
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
