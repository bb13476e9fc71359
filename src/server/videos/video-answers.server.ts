import type { Context } from 'hono';
import type pg from 'pg';
import type { FairQueue } from '#server/capacity/capacity.server';
import { type PromptWriter, takeChecksOf } from '#server/generation/generation.server';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type FieldErrors, invalidFields } from '#server/kernel/form-errors.server';
import { sessionOf } from '#server/kernel/session.server';
import { spendLimitOf, spendLimitRefusal } from '#server/kernel/spend-limit.server';
import type { BlobStorage } from '#server/storage/storage.server';
import {
  type CapabilitiesOf,
  toVideoRequestView,
  type VideoRequestRecord,
} from '#server/video-requests/video-requests.server';
import type { VideoQuality } from '#shared/catalogue';
import type { HistoryStory } from '#shared/history-list';
import type { TakeCheckView } from '#shared/take-check';
import { VIDEO_UNAVAILABLE_MESSAGE, type VideoModeAvailability } from '#shared/video-request';
import type { CreateVideoDeps, CreateVideoResult } from './create-video-request.server';

/** What the `/api/videos` operations share: their dependencies and the answers more than one of them gives. */

export interface VideosDeps {
  pool: pg.Pool;
  /** The fair queue: a waiting request's place in line, and the create page's estimate. */
  queue: FairQueue;
  storage: BlobStorage;
  mediaUrlTtlSeconds: number;
  /** What the configured models can do (extension, edit, frames, references). */
  capabilities: CapabilitiesOf;
  /** Requests per user per minute. */
  createPerMinute: number;
  /** The periodic model check: which modes may be created now. */
  modes: { isAvailable(quality: VideoQuality): boolean; modes(): VideoModeAvailability };
  /** 'Ver prompt estruturado': the text model (with its rules fallback). */
  writePrompt: PromptWriter;
  /** Told of each created submit's spend, in its transaction (CreateVideoDeps). */
  onSpent?: CreateVideoDeps['onSpent'];
  /**
   * The history's story items by id (the stories room's, given by the composition root: ADR 0062). Without it a
   * story's row is listed without its story.
   */
  storiesOf?: (userId: string, ids: readonly string[]) => Promise<ReadonlyMap<string, HistoryStory>>;
}

/**
 * What creating, extending and editing need of the videos' dependencies, for the request `c`: its spending
 * allowance besides the balance (an API key's daily limit, ADR 0063), and who is told of each spend (ADR 0064).
 */
export const createDeps = (
  { pool, createPerMinute, modes, onSpent }: VideosDeps,
  c: Context<AppEnv>,
): CreateVideoDeps => ({
  pool,
  perMinuteLimit: createPerMinute,
  isModeAvailable: (quality) => modes.isAvailable(quality),
  spendLimit: spendLimitOf(c),
  ...(onSpent ? { onSpent } : {}),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path's id that can name a request at all: anything else is answered as missing, never looked up. */
export const isRequestId = (id: string) => UUID.test(id);

/** An unknown id and another user's answer alike. */
export const notFound = (c: Context<AppEnv>) => apiError(c, 404, 'not_found', 'Solicitação não encontrada');

/** What a new video and an extension or edit are both refused for, before anything is held. */
type CreateRefusal = Extract<
  CreateVideoResult,
  { kind: 'insufficient_credits' | 'rate_limited' | 'daily_limit' | 'unavailable' }
>;

/** The answer to a refused create, extension or edit: one wording and one Retry-After for each refusal. */
export function refusalAnswer(c: Context<AppEnv>, refusal: CreateRefusal, variations: number): Response {
  switch (refusal.kind) {
    case 'insufficient_credits':
      return apiError(
        c,
        402,
        'insufficient_credits',
        variations > 1
          ? 'Créditos insuficientes para todas as variações.'
          : 'Créditos insuficientes para este vídeo.',
      );
    case 'rate_limited':
      // The per-user limit is counted by create itself, not by a middleware before it: a replay of a clientKey is
      // answered (200) whatever the count, and a submit counts once per variation (create-video-request.server.ts).
      c.header('Retry-After', '60');
      return apiError(
        c,
        429,
        'rate_limited',
        'Muitas solicitações em pouco tempo. Aguarde um minuto e tente de novo.',
      );
    case 'daily_limit':
      return spendLimitRefusal(c, refusal.limit);
    case 'unavailable':
      c.header('Retry-After', '300');
      return apiError(c, 503, 'video_unavailable', VIDEO_UNAVAILABLE_MESSAGE);
  }
}

/** What making a new request from one of the user's requests (retry, finish, extend, edit) can come to. */
type FromRequestResult =
  | CreateVideoResult
  | { kind: 'not_found' }
  | { kind: 'refused'; reason: string }
  | { kind: 'invalid'; fields: FieldErrors };

interface FromRequest {
  /** The path's id of the request the new one is made from. */
  id: string;
  /** The 409's code when that request cannot serve: `cannot_retry`, `cannot_finish`, `cannot_derive`. */
  refusedCode: string;
  /** The operation's own work, for this session's user. */
  make: (
    deps: CreateVideoDeps & { capabilities: CapabilitiesOf },
    userId: string,
  ) => Promise<FromRequestResult>;
  /** What the answer carries besides `request` ('Finalizar's method and note). */
  extra?: Record<string, unknown>;
}

/**
 * The answer of every operation that makes a new request from one of the user's (retry, finish, extend, edit):
 * JSON, idempotent by clientKey like create — 201 for the new request, 200 for a replay of the clientKey.
 */
export async function answerFromRequest(
  c: Context<AppEnv>,
  deps: VideosDeps,
  { id, refusedCode, make, extra }: FromRequest,
): Promise<Response> {
  if (!isRequestId(id)) return notFound(c);
  const result = await make(
    { ...createDeps(deps, c), capabilities: deps.capabilities },
    sessionOf(c).user.id,
  );
  switch (result.kind) {
    case 'created':
    case 'existing':
      return c.json(
        { request: await requestView(deps, result.request), ...extra },
        result.kind === 'created' ? 201 : 200,
      );
    case 'not_found':
      return notFound(c);
    case 'refused':
      return apiError(c, 409, refusedCode, result.reason);
    case 'invalid':
      return invalidFields(c, result.fields);
    default:
      return refusalAnswer(c, result, 1);
  }
}

/**
 * One request as the browser gets it, with its place in line and its take checks; `timeZone` is the owner's.
 * `takeChecks`, when the caller read them with the request (takeChecksJson), spares their statement.
 */
export async function requestView(
  deps: VideosDeps,
  record: VideoRequestRecord,
  timeZone?: string,
  takeChecks?: TakeCheckView[],
) {
  return toVideoRequestView(record, deps.storage, {
    timeZone,
    ttlSeconds: deps.mediaUrlTtlSeconds,
    capabilities: deps.capabilities,
    queuePlaces: await deps.queue.places(deps.pool, [record]),
    takeChecks: takeChecks ? new Map([[record.id, takeChecks]]) : await takeChecksOf(deps.pool, [record.id]),
  });
}

/** A submit's first request and every request of it (its variations). */
export async function groupView(
  deps: VideosDeps,
  { request, group }: { request: VideoRequestRecord; group: VideoRequestRecord[] },
) {
  const options = {
    ttlSeconds: deps.mediaUrlTtlSeconds,
    capabilities: deps.capabilities,
    queuePlaces: await deps.queue.places(deps.pool, group),
  };
  return {
    request: await toVideoRequestView(request, deps.storage, options),
    group: await Promise.all(group.map((member) => toVideoRequestView(member, deps.storage, options))),
  };
}
