import type { Context } from 'hono';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { takeChecksOf } from '#server/generation/generation.server';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type SpendLimit, spendLimitOf, spendLimitRefusal } from '#server/kernel/spend-limit.server';
import type { BlobStorage } from '#server/storage/storage.server';
import {
  type CapabilitiesOf,
  toVideoRequestView,
  VIDEO_REQUEST_COLUMNS,
  type VideoRequestRecord,
} from '#server/video-requests/video-requests.server';
import type { CreateVideoDeps } from '#server/videos/videos.server';
import type { VideoQuality } from '#shared/catalogue';
import {
  STORY_MESSAGES,
  STORY_SHOTS_MAX,
  type Story,
  type StoryModelFacts,
  type StoryStatus,
  storyPrice,
} from '#shared/stories';
import type { QueuePlace } from '#shared/video-queue';
import { VIDEO_UNAVAILABLE_MESSAGE, type VideoRequestView } from '#shared/video-request';
import type { PlanProblem } from './story-models.server';
import { storyModelFacts } from './story-models.server';
import type { StoryPlanner } from './story-planner.server';
import type { ShotRecord, StoryRows } from './story-store.server';

/** What the `/api/stories` operations share: their dependencies, the story's view and the answers they give. */

export interface StoriesDeps {
  pool: pg.Pool;
  boss: PgBoss;
  storage: BlobStorage;
  mediaUrlTtlSeconds: number;
  capabilities: CapabilitiesOf;
  /** Whether every mode's model speaks written lines (story-models.server.ts). */
  speaks: boolean;
  planner: StoryPlanner;
  /** The places in line of waiting requests (capacity's fair queue). */
  queuePlaces: (rows: VideoRequestRecord[]) => Promise<ReadonlyMap<string, QueuePlace>>;
  /** Video requests per user per minute (create's limit). */
  createPerMinute: number;
  isModeAvailable: (quality: VideoQuality) => boolean;
  /** Told of each drafting or finishing spend, in its transaction (CreateVideoDeps, ADR 0064). */
  onSpent?: CreateVideoDeps['onSpent'];
  /** The request's allowance besides the balance (an API key's daily limit, ADR 0063), claimed by every hold. */
  spendLimit?: SpendLimit | undefined;
}

export const factsOf = (deps: StoriesDeps): StoryModelFacts =>
  storyModelFacts(deps.capabilities, deps.speaks);

/**
 * A story's takes count as requests against create's per-minute limit, with room for a whole story on top: a
 * story of the most shots is one tap, not a runaway client.
 */
export const createDepsOf = (deps: StoriesDeps): CreateVideoDeps => ({
  pool: deps.pool,
  perMinuteLimit: deps.createPerMinute + STORY_SHOTS_MAX,
  isModeAvailable: deps.isModeAvailable,
  ...(deps.onSpent ? { onSpent: deps.onSpent } : {}),
  ...(deps.spendLimit ? { spendLimit: deps.spendLimit } : {}),
});

/** The deps of one request's holds: its allowance besides the balance (an API key's daily limit, ADR 0063). */
export const withSpendLimit = (deps: StoriesDeps, c: Context<AppEnv>): StoriesDeps => ({
  ...deps,
  spendLimit: spendLimitOf(c),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (id: string) => UUID.test(id);

export const storyNotFound = (c: Context<AppEnv>) => apiError(c, 404, 'not_found', STORY_MESSAGES.notFound);

export function planProblemAnswer(c: Context<AppEnv>, problem: PlanProblem): Response {
  if (problem.kind === 'cast_not_found')
    return apiError(c, 404, 'cast_not_found', STORY_MESSAGES.castNotFound);
  return apiError(c, 422, problem.kind, problem.message);
}

/** A hold refused before anything was held. */
export type HoldRefusal =
  | { kind: 'insufficient_credits' | 'rate_limited' | 'unavailable' }
  | { kind: 'daily_limit'; limit: number };

/** The answer to a hold refused before anything was held (as create's, src/server/videos). */
export function holdRefusal(c: Context<AppEnv>, refusal: HoldRefusal): Response {
  const { kind } = refusal;
  if (refusal.kind === 'daily_limit') return spendLimitRefusal(c, refusal.limit);
  if (kind === 'insufficient_credits') {
    return apiError(c, 402, 'insufficient_credits', STORY_MESSAGES.insufficientCredits);
  }
  if (kind === 'rate_limited') {
    c.header('Retry-After', '60');
    return apiError(
      c,
      429,
      'rate_limited',
      'Muitas solicitações em pouco tempo. Aguarde um minuto e tente de novo.',
    );
  }
  c.header('Retry-After', '300');
  return apiError(c, 503, 'video_unavailable', VIDEO_UNAVAILABLE_MESSAGE);
}

/** The take 'Finalizar roteiro' finishes: the one picked, else the newest completed. */
export function keptTake(shot: ShotRecord, takes: ReadonlyMap<string, VideoRequestRecord>) {
  const picked = shot.pickedTakeId ? takes.get(shot.pickedTakeId) : undefined;
  if (picked?.status === 'completed') return picked;
  return [...shot.takeIds]
    .reverse()
    .map((id) => takes.get(id))
    .find((take) => take?.status === 'completed');
}

const FINAL = ['completed', 'failed'];

interface FinishRow {
  film_request_id: string;
  state: 'finishing' | 'rendering' | 'completed' | 'failed';
}

/**
 * A story's derived status (src/shared/stories.ts) from its latest finish's state and each shot's newest take's
 * status (undefined: no take yet). One rule for the board and the lists (story-summaries.server.ts).
 */
export function storyStatus(
  newest: readonly (string | null | undefined)[],
  finishState?: FinishRow['state'] | null,
): StoryStatus {
  if (finishState === 'finishing' || finishState === 'rendering') return 'finishing';
  if (newest.some((status) => status && !FINAL.includes(status))) return 'drafting';
  if (finishState === 'completed') return 'finished';
  if (newest.length > 0 && newest.every((status) => status)) return 'review';
  return 'plan';
}

function statusOf(
  rows: StoryRows,
  takes: ReadonlyMap<string, VideoRequestRecord>,
  finish?: FinishRow,
): StoryStatus {
  const newest = rows.shots.map((shot) => takes.get(shot.takeIds.at(-1) ?? '')?.status);
  return storyStatus(newest, finish?.state);
}

async function requestsOf(pool: pg.Pool, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, VideoRequestRecord>();
  const found = await pool.query<VideoRequestRecord>(
    `SELECT ${VIDEO_REQUEST_COLUMNS} FROM video_requests WHERE user_id = $1 AND id = ANY($2::uuid[])`,
    [userId, ids],
  );
  return new Map(found.rows.map((row) => [row.id, row]));
}

async function latestFinish(pool: pg.Pool, storyId: string): Promise<FinishRow | undefined> {
  const found = await pool.query<FinishRow>(
    `SELECT film_request_id, state FROM story_finishes WHERE story_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [storyId],
  );
  return found.rows[0];
}

/** The shot's current take: the one picked, else the newest. */
const currentTakeId = (shot: ShotRecord) => shot.pickedTakeId ?? shot.takeIds.at(-1) ?? null;

/** The story as the board gets it: every shot with its current take's request, the price per mode, its film. */
export async function storyView(deps: StoriesDeps, rows: StoryRows): Promise<Story> {
  const { story, shots } = rows;
  const finish = await latestFinish(deps.pool, story.id);
  const requests = await requestsOf(deps.pool, story.userId, [
    ...shots.flatMap((shot) => shot.takeIds),
    ...(finish ? [finish.film_request_id] : []),
  ]);
  const shown = [...shots.map((shot) => currentTakeId(shot)), finish?.film_request_id]
    .map((id) => requests.get(id ?? ''))
    .filter((row): row is VideoRequestRecord => Boolean(row));
  const options = {
    ttlSeconds: deps.mediaUrlTtlSeconds,
    capabilities: deps.capabilities,
    queuePlaces: await deps.queuePlaces(shown),
    takeChecks: await takeChecksOf(
      deps.pool,
      shown.map((row) => row.id),
    ),
  };
  const view = (row: VideoRequestRecord | undefined): Promise<VideoRequestView | null> =>
    row ? toVideoRequestView(row, deps.storage, options) : Promise.resolve(null);
  return {
    id: story.id,
    title: story.title,
    idea: story.idea,
    aspectRatio: story.aspectRatio,
    targetSeconds: story.targetSeconds,
    tone: story.tone,
    castIds: story.castIds,
    plannedBy: story.plannedBy,
    status: statusOf(rows, requests, finish),
    shots: await Promise.all(
      shots.map(async (shot) => ({
        id: shot.id,
        position: shot.position,
        prompt: shot.prompt,
        camera: shot.camera,
        setting: shot.setting,
        seconds: shot.seconds,
        castIds: shot.castIds,
        dialogue: shot.dialogue ?? null,
        join: shot.join,
        keep: shot.keep,
        takeIds: shot.takeIds,
        takeId: keptTake(shot, requests)?.id ?? null,
        request: await view(requests.get(currentTakeId(shot) ?? '')),
      })),
    ),
    totalSeconds: shots.reduce((sum, shot) => sum + shot.seconds, 0),
    price: storyPrice(shots),
    model: factsOf(deps),
    film: finish ? await view(requests.get(finish.film_request_id)) : null,
    createdAt: story.createdAt.toISOString(),
    updatedAt: story.updatedAt.toISOString(),
  };
}
