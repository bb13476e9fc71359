import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatVideoLength, truncatePrompt } from '#shared/format';
import type { VideoRequestListItem } from '#shared/history-list';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table';
import { formatCredits } from '#web/features/credits';
import {
  type ChosenDetail,
  QueuePlaceNote,
  useChosenDetails,
  VideoStatusBadge,
  VideoThumbnail,
} from '#web/features/videos';
import { groupVariations, type HistoryEntry } from '../lib/variation-groups';
import { HistoryCardFrame } from './history-card-frame';
import { HistoryStoryCard, HistoryStoryRow } from './history-story';
import { When } from './when';

const detailPath = (id: string) => `/dashboard/request/${encodeURIComponent(id)}`;

/** 'Ver': the way to a request's page, named for screen readers by what it opens. */
function ViewLink({
  id,
  label,
  variant = 'outline',
}: {
  id: string;
  label: string;
  variant?: 'outline' | 'ghost';
}) {
  const { t } = useTranslation('videoHistory');
  return (
    <Button asChild variant={variant} size="sm" className={variant === 'outline' ? 'w-full' : undefined}>
      <Link to={detailPath(id)} aria-label={label} data-testid="history-view">
        <Eye aria-hidden="true" />
        {t('view')}
      </Link>
    </Button>
  );
}

/** The chosen fields without a column of their own, as `Label: value` (useChosenDetails). */
function chosenText(details: ChosenDetail[]): string {
  return details.map(({ label, value }) => ` · ${label}: ${value}`).join('');
}

/**
 * Where a request comes from (a new video, an extension, an edit), its length once rendered and what else the
 * owner chose for it.
 */
function HistoryMeta({ item }: { item: VideoRequestListItem }) {
  const { t } = useTranslation('videoHistory');
  const chosen = useChosenDetails(item);
  return (
    <span className="block text-xs text-muted-foreground" data-testid="history-meta">
      {t(`origin.${item.kind}`)}
      {item.deliveredSeconds === null ? '' : ` · ${formatVideoLength(item.deliveredSeconds)}`}
      {chosenText(chosen)}
    </span>
  );
}

/** Desktop (≥ 768 px): the table of spec §2. */

export function HistoryTable({ items, timeZone }: { items: VideoRequestListItem[]; timeZone: string }) {
  const { t } = useTranslation('videoHistory');
  const now = new Date();
  return (
    <div className="hidden rounded-(--radius-card) border border-border bg-card md:block">
      <Table data-testid="history-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t('columns.date')}</TableHead>
            <TableHead>{t('columns.prompt')}</TableHead>
            <TableHead>{t('columns.quality')}</TableHead>
            <TableHead>{t('columns.aspectRatio')}</TableHead>
            <TableHead className="text-right">{t('columns.credits')}</TableHead>
            <TableHead>{t('columns.status')}</TableHead>
            <TableHead className="text-right">{t('columns.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {groupVariations(items).map((entry) =>
            entry.kind === 'single' && entry.item.story ? (
              <HistoryStoryRow
                key={entry.item.id}
                item={entry.item}
                story={entry.item.story}
                timeZone={timeZone}
                now={now}
              />
            ) : entry.kind === 'single' ? (
              <HistoryTableRow key={entry.item.id} item={entry.item} timeZone={timeZone} now={now} />
            ) : (
              <TableRow key={entry.groupId} data-testid="history-row" data-id={entry.groupId}>
                <TableCell colSpan={7}>
                  <VariationsStrip entry={entry} timeZone={timeZone} now={now} />
                </TableCell>
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** Under 768 px: one card per request. */
export function HistoryCards({ items, timeZone }: { items: VideoRequestListItem[]; timeZone: string }) {
  const now = new Date();
  return (
    <ul className="flex flex-col gap-3 md:hidden" data-testid="history-cards">
      {groupVariations(items).map((entry) =>
        entry.kind === 'single' && entry.item.story ? (
          <HistoryStoryCard
            key={entry.item.id}
            item={entry.item}
            story={entry.item.story}
            timeZone={timeZone}
            now={now}
          />
        ) : entry.kind === 'single' ? (
          <HistoryCard key={entry.item.id} item={entry.item} timeZone={timeZone} now={now} />
        ) : (
          <li
            key={entry.groupId}
            className="rounded-(--radius-card) border border-border bg-card p-4 shadow-xs"
            data-testid="history-card"
            data-id={entry.groupId}
          >
            <VariationsStrip entry={entry} timeZone={timeZone} now={now} />
          </li>
        ),
      )}
    </ul>
  );
}

function HistoryTableRow({
  item,
  timeZone,
  now,
}: {
  item: VideoRequestListItem;
  timeZone: string;
  now: Date;
}) {
  const { t } = useTranslation('videoHistory');
  const { t: tv } = useTranslation('videos');
  return (
    <TableRow key={item.id} data-testid="history-row" data-id={item.id}>
      <TableCell className="whitespace-nowrap">
        <When iso={item.createdAt} timeZone={timeZone} now={now} />
      </TableCell>
      <TableCell className="max-w-sm">
        <div className="flex items-center gap-3">
          <VideoThumbnail url={item.thumbnailUrl} className="w-20" />
          <div className="min-w-0">
            <span title={item.prompt} className="break-words" data-testid="history-prompt">
              {truncatePrompt(item.prompt)}
            </span>
            <HistoryMeta item={item} />
          </div>
        </div>
      </TableCell>
      <TableCell>{tv(`quality.${item.quality}`)}</TableCell>
      <TableCell className="tabular-nums">{item.aspectRatio}</TableCell>
      <TableCell className="text-right tabular-nums">{formatCredits(item.creditsUsed)}</TableCell>
      <TableCell>
        <div className="flex flex-col items-start gap-1">
          <VideoStatusBadge status={item.status} waiting={item.queue !== null} />
          {item.queue ? <QueuePlaceNote place={item.queue} className="text-xs" /> : null}
        </div>
      </TableCell>
      <TableCell className="text-right">
        <ViewLink
          id={item.id}
          label={t('viewLabel', { date: formatDateTime(new Date(item.createdAt), timeZone) })}
          variant="ghost"
        />
      </TableCell>
    </TableRow>
  );
}

function HistoryCard({ item, timeZone, now }: { item: VideoRequestListItem; timeZone: string; now: Date }) {
  const { t } = useTranslation('videoHistory');
  const { t: tv } = useTranslation('videos');
  return (
    <HistoryCardFrame
      id={item.id}
      createdAt={item.createdAt}
      timeZone={timeZone}
      now={now}
      status={<VideoStatusBadge status={item.status} waiting={item.queue !== null} />}
    >
      {item.queue ? <QueuePlaceNote place={item.queue} className="text-xs" /> : null}
      <div className="flex items-center gap-3">
        <VideoThumbnail url={item.thumbnailUrl} className="w-24" />
        <div className="min-w-0">
          <p className="text-sm break-words" title={item.prompt}>
            {truncatePrompt(item.prompt)}
          </p>
          <HistoryMeta item={item} />
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <div className="flex flex-col">
          <dt className="text-muted-foreground">{t('columns.quality')}</dt>
          <dd className="font-medium">{tv(`quality.${item.quality}`)}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-muted-foreground">{t('columns.aspectRatio')}</dt>
          <dd className="font-medium tabular-nums">{item.aspectRatio}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-muted-foreground">{t('columns.credits')}</dt>
          <dd className="font-medium tabular-nums">{formatCredits(item.creditsUsed)}</dd>
        </div>
      </dl>
      <ViewLink
        id={item.id}
        label={t('viewLabel', { date: formatDateTime(new Date(item.createdAt), timeZone) })}
      />
    </HistoryCardFrame>
  );
}

/** A variation's mode, ratio, credits and other chosen fields. */
function VariationMeta({ item }: { item: VideoRequestListItem }) {
  const { t: tv } = useTranslation('videos');
  const chosen = useChosenDetails(item);
  return (
    <span className="text-xs text-muted-foreground tabular-nums" data-testid="variation-meta">
      {tv(`quality.${item.quality}`)} · {item.aspectRatio} ·{' '}
      {tv('charge.credits', { count: item.creditsUsed, value: formatCredits(item.creditsUsed) })}
      {chosenText(chosen)}
    </span>
  );
}

/** A submit's variations side by side (spec of Variações): each its own request, status and way to its page. */
function VariationsStrip({
  entry,
  timeZone,
  now,
}: {
  entry: Extract<HistoryEntry, { kind: 'variations' }>;
  timeZone: string;
  now: Date;
}) {
  const { t } = useTranslation('videoHistory');
  const { t: tv } = useTranslation('videos');
  const [first] = entry.items;
  if (!first) return null;
  // The kept variation is the group's cover: first in the strip, marked (ADR 0028).
  const kept = entry.items.find((item) => item.variation?.kept);
  const shown = kept ? [kept, ...entry.items.filter((item) => item !== kept)] : entry.items;
  return (
    <div className="flex flex-col gap-3" data-testid="history-variations" data-group={entry.groupId}>
      <div className="flex flex-wrap items-start justify-between gap-2 text-sm">
        <div className="flex min-w-0 flex-col gap-1">
          <span className="font-medium">{tv('variations.groupTitle', { count: entry.count })}</span>
          <span
            title={first.prompt}
            className="break-words text-muted-foreground"
            data-testid="history-prompt"
          >
            {truncatePrompt(first.prompt)}
          </span>
        </div>
        <When iso={first.createdAt} timeZone={timeZone} now={now} />
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {shown.map((item) => (
          <li
            key={item.id}
            className="flex min-w-0 flex-col gap-2 rounded-lg border border-border p-2 data-kept:border-primary"
            data-testid="history-variation"
            data-id={item.id}
            data-kept={item === kept ? '' : undefined}
          >
            <VideoThumbnail url={item.thumbnailUrl} className="w-full" />
            {item === kept ? (
              <Badge variant="success" className="w-fit" data-testid="history-variation-kept">
                {t('keptVariation')}
              </Badge>
            ) : null}
            <span className="text-xs font-medium">
              {tv('variations.item', { index: item.variation?.index ?? 1 })}
            </span>
            <VideoStatusBadge status={item.status} waiting={item.queue !== null} />
            {item.queue ? <QueuePlaceNote place={item.queue} className="text-xs" /> : null}
            <VariationMeta item={item} />
            <ViewLink id={item.id} label={tv('variations.view', { index: item.variation?.index ?? 1 })} />
          </li>
        ))}
      </ul>
    </div>
  );
}
