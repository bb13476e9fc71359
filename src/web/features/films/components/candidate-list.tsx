import { ChevronDown, Film, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AspectRatio } from '#shared/catalogue';
import type { FilmCandidate, FilmCandidateRow } from '#shared/films';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { VideoThumbnail } from '#web/features/videos';
import { ClipMeta } from './clip-meta';

/**
 * The user's completed videos, a submit's variations as one row; once the film has a ratio, videos of another ratio
 * cannot be added.
 */
export function CandidateList({
  candidates,
  ratio,
  onAdd,
}: {
  candidates: readonly FilmCandidateRow[];
  ratio: AspectRatio | null;
  onAdd: (video: FilmCandidate) => void;
}) {
  const { t } = useTranslation('films');
  if (candidates.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-(--radius-card) border border-dashed border-border px-4 py-10 text-center"
        data-testid="film-candidates-empty"
      >
        <Film aria-hidden="true" className="size-10 text-muted-foreground" />
        <h3 className="text-lg font-semibold">{t('candidates.emptyTitle')}</h3>
        <p className="max-w-prose text-sm text-muted-foreground">{t('candidates.emptyBody')}</p>
        <Button asChild>
          <Link to="/dashboard/create">
            <Plus aria-hidden="true" />
            {t('candidates.create')}
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1" data-testid="film-candidates">
      {candidates.map((row) => (
        <li key={row.id} className="flex min-w-0 flex-col gap-2" data-testid="film-candidate-row">
          <Candidate video={row} ratio={ratio} onAdd={onAdd} />
          {row.otherVariations.length > 0 ? <OtherVariations row={row} ratio={ratio} onAdd={onAdd} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * A submit's other completed variations, folded behind '+N variações': the list shows the kept one (ADR 0028), the
 * others stay one click away.
 */
function OtherVariations({
  row,
  ratio,
  onAdd,
}: {
  row: FilmCandidateRow;
  ratio: AspectRatio | null;
  onAdd: (video: FilmCandidate) => void;
}) {
  const { t } = useTranslation('films');
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <>
      <Button
        variant="link"
        size="sm"
        className="w-fit"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
        data-testid="film-candidate-variations"
      >
        <ChevronDown aria-hidden="true" className={open ? 'rotate-180' : undefined} />
        {t('candidates.otherVariations', { count: row.otherVariations.length })}
      </Button>
      <ul id={listId} hidden={!open} className="flex flex-col gap-2 pl-4" data-testid="film-candidate-others">
        {row.otherVariations.map((video) => (
          <li key={video.id}>
            <Candidate video={video} ratio={ratio} onAdd={onAdd} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** One video: thumbnail in its ratio, prompt, mode, resolution, length, ratio and 'Adicionar' (not for another ratio). */
function Candidate({
  video,
  ratio,
  onAdd,
}: {
  video: FilmCandidate;
  ratio: AspectRatio | null;
  onAdd: (video: FilmCandidate) => void;
}) {
  const { t } = useTranslation('films');
  const otherRatio = ratio !== null && video.aspectRatio !== ratio;
  return (
    <div
      className="flex min-w-0 items-center gap-3 rounded-(--radius-card) border border-border bg-card p-2"
      data-testid="film-candidate"
      data-request-id={video.id}
    >
      <VideoThumbnail url={video.thumbnailUrl} ratio={video.aspectRatio} className="h-16" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="line-clamp-2 text-sm">{video.prompt}</p>
        <ClipMeta video={video} testId="film-candidate-meta" />
        {video.film ? <Badge variant="secondary">{t('candidates.film')}</Badge> : null}
        {otherRatio ? (
          <p className="text-xs text-muted-foreground">
            {t('candidates.otherRatio', { ratio: video.aspectRatio })}
          </p>
        ) : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={otherRatio}
        aria-label={t('candidates.addLabel', { prompt: video.prompt })}
        onClick={() => onAdd(video)}
        data-testid="film-candidate-add"
      >
        <Plus aria-hidden="true" />
        {/* Icon only under 640 px: the prompt keeps the width and is not broken mid-word. */}
        <span className="sr-only sm:not-sr-only">{t('candidates.add')}</span>
      </Button>
    </div>
  );
}

export function CandidatesSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1" aria-hidden="true">
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} className="h-20 w-full" />
      ))}
    </div>
  );
}
