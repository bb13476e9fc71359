import type { Queryable } from '#server/jobs/jobs.server';
import type { BlobStorage } from '#server/storage/storage.server';
import { downloadFileName } from '#shared/download-name';
import { DEFAULT_TIME_ZONE } from '#shared/format';
import type { TakeCheckView } from '#shared/take-check';
import { type DerivationSource, editRefusal, extensionPlan } from '#shared/video-directing';
import type { QueuePlace } from '#shared/video-queue';
import type { VideoRequestKind, VideoRequestView } from '#shared/video-request';
import type { CapabilitiesOf } from './capabilities.server';
import {
  columnList,
  pickShown,
  VIDEO_REQUEST_SHAPE,
  type VideoRequestRow,
  type VideoRequestShape,
} from './video-request-row.server';
import { videoRequests } from './video-requests.schema.server';

/**
 * One video request as stored, and as the browser sees it (docs/video-contract.md). Shared by the create/read
 * routes, the pipeline and the list (docs/history-contract.md): media keys become short-lived signed URLs here and nowhere else.
 */

export type VideoRequestRecord = VideoRequestRow;

/** Raw-SQL select list of every column, aliased to a VideoRequestRecord's camelCase keys. */
export const VIDEO_REQUEST_COLUMNS = columnList(videoRequests);

/** The request with this id, only if it belongs to `userId` (another user's id reads as missing). */
export async function findVideoRequest(
  db: Queryable,
  userId: string,
  id: string,
): Promise<VideoRequestRecord | undefined> {
  const result = await db.query<VideoRequestRecord>(
    `SELECT ${VIDEO_REQUEST_COLUMNS} FROM video_requests WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return result.rows[0];
}

/**
 * `findVideoRequest` with more columns read in the same statement (`extra`: name → SQL expression over the row, e.g.
 * the generation room's take checks), so a read that needs them costs one round trip.
 */
export async function findVideoRequestWith<Extra extends Record<string, unknown>>(
  db: Queryable,
  userId: string,
  id: string,
  extra: Record<keyof Extra & string, string>,
): Promise<(VideoRequestRecord & Extra) | undefined> {
  const columns = Object.entries(extra).map(([name, expression]) => `${expression} AS "${name}"`);
  const result = await db.query<VideoRequestRecord & Extra>(
    `SELECT ${[VIDEO_REQUEST_COLUMNS, ...columns].join(', ')} FROM video_requests WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return result.rows[0];
}

export interface ViewOptions {
  /** MEDIA_URL_TTL_SECONDS. */
  ttlSeconds: number;
  /** What the configured models can do: whether this video can be extended or edited now. */
  capabilities: CapabilitiesOf;
  now?: Date;
  /** The places in line of the waiting requests among those shown (capacity/fair-queue.server.ts). */
  queuePlaces?: ReadonlyMap<string, QueuePlace>;
  /** The take guarantee's checks (take-check/take-view.server.ts); lists leave them out. */
  takeChecks?: ReadonlyMap<string, TakeCheckView[]>;
  /** The owner's time zone: the day in a download's name (src/shared/download-name.ts); São Paulo's by default. */
  timeZone?: string;
  /** The table and its shown columns; VIDEO_REQUEST_SHAPE unless a test's scratch copy of the table is read. */
  shape?: VideoRequestShape;
}

function kindOf(
  record: Pick<VideoRequestRecord, 'extendsRequestId' | 'editsRequestId' | 'finishesRequestId' | 'film'>,
): VideoRequestKind {
  if (record.film) return 'film';
  if (record.extendsRequestId) return 'extension';
  if (record.editsRequestId) return 'edit';
  if (record.finishesRequestId) return 'finish';
  return 'original';
}

/**
 * What the extend/edit rules read of a request. A new-shot extension is an extension with a first frame (the
 * source's last frame, src/shared/video-directing.ts `extensionPlan`); it and every extension of it are films
 * joined from shots.
 */
export function derivationSourceOf(record: VideoRequestRecord): DerivationSource {
  return {
    status: record.status,
    completedAt: record.completedAt,
    deliveredSeconds: record.deliveredSeconds,
    resolution: record.resolution,
    operationName: record.operationName,
    joinedShots: Boolean(record.extendsRequestId && record.firstFrameKey),
  };
}

function derivations(record: VideoRequestRecord, options: ViewOptions): VideoRequestView['derivations'] {
  // Its own model continues or edits it; a new shot would be made by the mode's model of today.
  const capabilities = options.capabilities(record.quality, record.model);
  const source = derivationSourceOf(record);
  const plan = extensionPlan(source, capabilities, options.now, options.capabilities(record.quality));
  const editReason = editRefusal(source, capabilities, options.now) ?? null;
  return {
    extend: plan.allowed
      ? {
          allowed: true,
          reason: null,
          lengthAfterSeconds: plan.lengthAfterSeconds,
          continuation: plan.continuation,
        }
      : { allowed: false, reason: plan.refusal, lengthAfterSeconds: null, continuation: null },
    edit: { allowed: editReason === null, reason: editReason },
  };
}

export async function toVideoRequestView(
  record: VideoRequestRecord,
  storage: BlobStorage,
  options: ViewOptions,
): Promise<VideoRequestView> {
  const { ttlSeconds } = options;
  const fileName = downloadFileName(record.prompt, record.createdAt, options.timeZone ?? DEFAULT_TIME_ZONE);
  const sign = (key: string | null, download = false) =>
    key ? storage.signedUrl(key, { ttlSeconds, download, fileName }) : Promise.resolve(null);
  // The video is offered only once the request is completed: a half-written file is never linked.
  const videoKey = record.status === 'completed' ? record.videoKey : null;
  const [firstFrameUrl, lastFrameUrl, videoUrl, downloadUrl, thumbnailUrl, ...referenceImageUrls] =
    await Promise.all([
      sign(record.firstFrameKey),
      sign(record.lastFrameKey),
      sign(videoKey),
      sign(videoKey, true),
      sign(record.thumbnailKey),
      ...record.referenceImageKeys.map((key) => storage.signedUrl(key, { ttlSeconds })),
    ]);
  const computed = {
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    completedAt: record.completedAt?.toISOString() ?? null,
    firstFrameUrl,
    referenceImageUrl: firstFrameUrl,
    lastFrameUrl,
    referenceImageUrls: referenceImageUrls.filter((url): url is string => url !== null),
    kind: kindOf(record),
    sourceRequestId: record.extendsRequestId ?? record.editsRequestId ?? record.finishesRequestId,
    derivations: derivations(record, options),
    videoUrl,
    downloadUrl,
    thumbnailUrl,
    structuredPrompt: record.structuredPrompt,
    queue: options.queuePlaces?.get(record.id) ?? null,
    variation:
      record.variationIds.length > 1
        ? {
            groupId: record.variationIds[0] ?? record.id,
            requestIds: record.variationIds,
            keptId: record.keptVariationId,
          }
        : null,
    cast: record.cast,
    takeChecks: options.takeChecks?.get(record.id) ?? [],
    technical: {
      provider: record.provider,
      model: record.model,
      resolution: record.resolution,
      deliveredSeconds: record.deliveredSeconds,
    },
  };
  // The columns shown as stored come first, in the shape's order.
  const shown = pickShown(options.shape ?? VIDEO_REQUEST_SHAPE, 'view', record);
  return { ...(shown as Omit<VideoRequestView, keyof typeof computed>), ...computed };
}
