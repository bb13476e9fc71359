import { useTranslation } from 'react-i18next';
import type { FilmCandidate } from '#shared/films';
import { currentLanguage } from '#web/lib/language';
import { formatSeconds } from '../lib/board';

/** Long side first as people write it: '360p', '1080p', '4K'. */
const resolutionText = (resolution: FilmCandidate['resolution']) => (resolution === '4k' ? '4K' : resolution);

/**
 * What a clip is, on the board's cards (ADR 0058): mode, resolution, length and ratio — a 360p draft and its 1080p
 * finish of the same prompt read apart ('Rascunho · 360p · 8 s · 9:16', 'Quality · 1080p · 8 s · 9:16').
 */
export function ClipMeta({ video, testId }: { video: FilmCandidate; testId: string }) {
  const { t } = useTranslation('films');
  const { t: tv } = useTranslation('videos');
  const parts = [
    tv(`quality.${video.quality}`),
    resolutionText(video.resolution),
    t('candidates.seconds', { value: formatSeconds(video.deliveredSeconds, currentLanguage()) }),
    video.aspectRatio,
  ];
  return (
    <p className="text-xs text-muted-foreground tabular-nums" data-testid={testId}>
      {parts.join(' · ')}
    </p>
  );
}
