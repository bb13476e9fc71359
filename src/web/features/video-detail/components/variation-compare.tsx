import { useQueries } from '@tanstack/react-query';
import { Check, ExternalLink, Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AspectRatio } from '#shared/catalogue';
import type { VideoRequestView } from '#shared/video-request';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { VideoStatusBadge, videoRequestQueryKey, videoRequestQueryOptions } from '#web/features/videos';
import { usePlayingUrl } from '#web/lib/use-playing-url';
import { useRereadOnce } from '#web/lib/use-reread-once';
import { useKeepVariation } from '../api/keep-variation';

/**
 * Each tile's video in the submit's own ratio, never cropped to a wide frame: wide ratios fill the tile's width, 9:16
 * takes a height that keeps two rows of the 2×2 grid on a laptop screen and its width follows.
 */
const MEDIA_CLASS: Record<AspectRatio, string> = {
  '16:9': 'aspect-video w-full',
  '4:3': 'aspect-[4/3] w-full',
  '1:1': 'aspect-square w-full max-w-80',
  '9:16': 'aspect-[9/16] h-[min(60vh,22rem)]',
};

const detailPath = (id: string) => `/dashboard/request/${encodeURIComponent(id)}`;

type Variation = NonNullable<VideoRequestView['variation']>;

/**
 * A submit's variations side by side (ADR 0028, ADR 0034): a 2×2 grid on a laptop, a swipeable scroll-snap strip on
 * a phone. Each tile plays its video where it is (tapping it never leaves the page; 'Abrir' does) and offers 'Ficar
 * com esta'; the kept one is the group's cover and the one offered for extension, edit and films, so the page of
 * another variation points at it. Nothing for a single video.
 */
export function VariationCompare({ request }: { request: VideoRequestView }) {
  return request.variation ? <CompareGroup current={request} variation={request.variation} /> : null;
}

function CompareGroup({ current, variation }: { current: VideoRequestView; variation: Variation }) {
  const { t } = useTranslation('videoDetail');
  const headingId = useId();
  const queries = useQueries({ queries: variation.requestIds.map((id) => videoRequestQueryOptions(id)) });
  const keptNumber = variation.keptId ? variation.requestIds.indexOf(variation.keptId) + 1 : 0;
  return (
    <section aria-labelledby={headingId} data-testid="variation-compare">
      <Card>
        <CardHeader className="pb-2">
          <CardTitle as="h2" id={headingId} className="text-base">
            {t('compare.title')}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{t('compare.hint')}</p>
          {variation.keptId && variation.keptId !== current.id ? (
            <p className="flex flex-wrap items-center gap-x-2 text-sm" data-testid="compare-kept-elsewhere">
              {t('compare.keptElsewhere', { number: keptNumber })}
              <Link to={detailPath(variation.keptId)} className="font-medium text-primary underline">
                {t('compare.openKept', { number: keptNumber })}
              </Link>
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          {/* Below lg a strip that scrolls sideways and snaps each tile to the centre; from lg a 2×2 grid. */}
          <ul
            aria-label={t('compare.listLabel')}
            className="-mx-5 flex snap-x snap-mandatory gap-3 overflow-x-auto px-5 pb-2 sm:-mx-6 sm:px-6 lg:mx-0 lg:grid lg:grid-cols-2 lg:overflow-visible lg:px-0 lg:pb-0"
            data-testid="compare-list"
          >
            {variation.requestIds.map((id, index) => (
              <CompareTile
                key={id}
                id={id}
                number={index + 1}
                request={queries[index]?.data}
                ratio={current.aspectRatio}
                kept={variation.keptId === id}
                here={current.id === id}
              />
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}

function CompareTile({
  id,
  number,
  request,
  ratio,
  kept,
  here,
}: {
  id: string;
  number: number;
  request: VideoRequestView | undefined;
  ratio: AspectRatio;
  kept: boolean;
  here: boolean;
}) {
  const { t } = useTranslation('videoDetail');
  const keep = useKeepVariation(id);
  return (
    <li
      className="flex w-[80%] max-w-80 shrink-0 snap-center flex-col gap-2 rounded-lg border border-border p-2 data-kept:border-primary lg:w-auto lg:max-w-none"
      data-testid="compare-tile"
      data-id={id}
      data-status={request?.status}
      data-kept={kept ? '' : undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">{t('compare.item', { number })}</span>
        {request ? <VideoStatusBadge status={request.status} /> : null}
      </div>
      <div className="flex justify-center">
        <TileMedia request={request} number={number} ratio={ratio} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {kept ? (
          <Badge variant="success" data-testid="compare-kept">
            <Check aria-hidden="true" />
            {t('compare.kept')}
          </Badge>
        ) : request?.status === 'completed' ? (
          <Button
            size="sm"
            variant="outline"
            loading={keep.isPending}
            aria-label={t('compare.keepLabel', { number })}
            onClick={() => keep.mutate()}
            data-testid="compare-keep"
          >
            {keep.isPending ? null : <Star aria-hidden="true" />}
            {t('compare.keep')}
          </Button>
        ) : (
          <span />
        )}
        {here ? (
          <span className="text-xs text-muted-foreground">{t('compare.here')}</span>
        ) : (
          <Link
            to={detailPath(id)}
            aria-label={t('compare.openLabel', { number })}
            className="inline-flex min-h-11 items-center gap-1 px-1 text-sm font-medium text-primary underline"
            data-testid="compare-open"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('compare.open')}
          </Link>
        )}
      </div>
      {keep.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('variation.keepError')}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The variation's own player (poster = thumbnail, muted so several can play at once, inline on a phone), or a box
 * of the same ratio while it is not ready. A refetch's fresh signature does not restart it (usePlayingUrl); signed
 * media URLs expire, so a failed load refetches the request once and plays the fresh URL.
 */
function TileMedia({
  request,
  number,
  ratio,
}: {
  request: VideoRequestView | undefined;
  number: number;
  ratio: AspectRatio;
}) {
  const { t } = useTranslation('videoDetail');
  const video = usePlayingUrl(request?.videoUrl ?? null);
  const reread = useRereadOnce(videoRequestQueryKey(request?.id ?? ''));
  const box = `${MEDIA_CLASS[ratio]} max-w-full rounded-md`;
  if (!request) return <Skeleton className={box} />;
  if (!request.videoUrl || !video.url) {
    return (
      <div
        className={`${box} flex items-center justify-center bg-muted p-2 text-center text-xs text-muted-foreground`}
      >
        {t('compare.waiting')}
      </div>
    );
  }
  return (
    <video
      src={video.url}
      poster={request.thumbnailUrl ?? undefined}
      controls
      muted
      playsInline
      preload="metadata"
      aria-label={t('compare.videoLabel', { number, prompt: request.prompt })}
      className={`${box} bg-black object-contain`}
      data-testid="compare-video"
      onError={() => {
        video.expired();
        reread();
      }}
    />
  );
}
