import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { CreditsConflictError, hold } from '#server/credits/credits.server';
import { createDatabase } from '#server/db/database.server';
import { buildStructuredPrompt } from '#server/generation/generation.server';
import type { SpendLimit } from '#server/kernel/spend-limit.server';
import { inTransaction } from '#server/kernel/transaction.server';
import {
  findVideoRequest,
  VIDEO_REQUEST_COLUMNS,
  type VideoRequestRecord,
  videoRequests,
} from '#server/video-requests/video-requests.server';
import type { CastSnapshot } from '#shared/cast';
import { requestCredits, type VideoQuality } from '#shared/catalogue';
import { type ChosenFields, chosenFieldsOf, type StructuredPrompt } from '#shared/video-request';

/**
 * Creating a video request (docs/video-contract.md, design §3): one transaction places the credit hold, inserts
 * the request as `pending` and enqueues its `video-generate` job, so a committed request always has its hold and
 * its job, and a failure leaves none of them.
 *
 * Idempotency without an extra lock: the request id is derived from (user, clientKey), so a replay uses the same
 * hold reference `video:<id>`. The hold locks the user's credit account row; of concurrent identical submits the
 * first commits its hold and request while holding that lock, and the others, once they get it, find the hold
 * already there (`created: false`) and answer with the committed request instead of holding again.
 */

export interface CreateVideoInput extends ChosenFields {
  userId: string;
  clientKey: string;
  seed: number | null;
  /** Already stored by the caller; deleted by the caller when the result is not `created`. */
  firstFrameKey: string | null;
  /** Stored like the first frame (`firstFrameKey`), which it needs. */
  lastFrameKey?: string | null;
  referenceImageKeys?: string[];
  /** The request this one extends or edits (at most one); its mode and ratio are this one's. */
  extendsRequestId?: string | null;
  editsRequestId?: string | null;
  /** The video this one finishes in another mode (ADR 0033): a new generation of the same inputs. */
  finishesRequestId?: string | null;
  /** How many requests of these inputs this submit creates (1–4), held together: all or none. */
  variations?: number;
  /** The Elenco members used, as they are now; their images are among `referenceImageKeys`. */
  cast?: CastSnapshot[];
  /** The prompt the user saw and sent from the preview; absent: built from the text by the rules. */
  structuredPrompt?: StructuredPrompt;
  /** A story's continuity shot: the request whose last frame it opens on (ADR 0062). */
  opensOnRequestId?: string | null;
  /** The story it is made for (ADR 0062). */
  storyId?: string | null;
}

/**
 * A stored request's inputs as a create takes them — its choices, seed, structured prompt, images and cast — for
 * the operations that make it again ('Finalizar' and 'Tentar de novo', ADR 0033), which share its stored images.
 */
export const sameInputsAs = (record: VideoRequestRecord) => ({
  ...chosenFieldsOf(record),
  seed: record.seed,
  structuredPrompt: record.structuredPrompt ?? undefined,
  firstFrameKey: record.firstFrameKey,
  lastFrameKey: record.lastFrameKey,
  referenceImageKeys: record.referenceImageKeys,
  cast: record.cast,
});

/** `group` is every request of the submit in order, `request` its first (one request: `group` is `[request]`). */
export type CreateVideoResult =
  | { kind: 'created'; request: VideoRequestRecord; group: VideoRequestRecord[] }
  | { kind: 'existing'; request: VideoRequestRecord; group: VideoRequestRecord[] }
  | { kind: 'insufficient_credits'; balance: number }
  | { kind: 'rate_limited' }
  /** The API key's daily credit limit would be passed (ADR 0063): nothing held. */
  | { kind: 'daily_limit'; limit: number }
  /** The mode's model is not served right now: nothing held, nothing sent (design §5). */
  | { kind: 'unavailable' };

/** A stable uuid (version 8 layout) for one user's submission key. */
export function videoRequestIdFor(userId: string, clientKey: string): string {
  const bytes = createHash('sha256')
    .update(`cena-video-request\n${userId}\n${clientKey.toLowerCase()}`)
    .digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The submission key of a submit's variation `index` (0 is the submit's own key): a stable uuid from the submit's
 * key, so a replay of the submit lands on the same requests and holds, and the column stays unique per user.
 */
function variationClientKey(clientKey: string, index: number): string {
  return index === 0 ? clientKey : videoRequestIdFor(`variation:${index}`, clientKey);
}

/** The requests of a submit, in order: its variations when it asked for several, else the request alone. */
async function submissionGroup(pool: pg.Pool, request: VideoRequestRecord): Promise<VideoRequestRecord[]> {
  if (request.variationIds.length <= 1) return [request];
  const result = await pool.query<VideoRequestRecord>(
    `SELECT ${VIDEO_REQUEST_COLUMNS} FROM video_requests
     WHERE user_id = $1 AND id = ANY($2::uuid[]) ORDER BY array_position($2::uuid[], id)`,
    [request.userId, request.variationIds],
  );
  return result.rows;
}

const holdReferenceFor = (requestId: string) => `video:${requestId}`;

/**
 * The request a new one is made from (retry, finish, extend, edit), read after the replay check: a replay of the
 * clientKey answers with what the first submission made, whatever became of the source since, without any other
 * check; another user's source reads as missing.
 */
export async function replayOrSource(
  pool: pg.Pool,
  input: { userId: string; clientKey: string; sourceId: string },
): Promise<
  | { kind: 'existing'; request: VideoRequestRecord; group: VideoRequestRecord[] }
  | { kind: 'not_found' }
  | { kind: 'source'; source: VideoRequestRecord }
> {
  const replay = await findVideoRequest(pool, input.userId, videoRequestIdFor(input.userId, input.clientKey));
  if (replay) return { kind: 'existing', request: replay, group: [replay] };
  const source = await findVideoRequest(pool, input.userId, input.sourceId);
  return source ? { kind: 'source', source } : { kind: 'not_found' };
}

/**
 * Requests the user created within the last minute, counted from the requests themselves (so the limit holds
 * across every web process). Not serialised with the insert: a burst of concurrent submits may pass a few over
 * the limit, which is fine for a guard against runaway clients — the credits are what really bound spending.
 */
async function recentRequestCount(pool: pg.Pool, userId: string, now: Date): Promise<number> {
  const result = await pool.query<{ count: string }>(
    `SELECT count(*) FROM video_requests WHERE user_id = $1 AND created_at > $2::timestamptz - interval '60 seconds'`,
    [userId, now],
  );
  return Number(result.rows[0]?.count ?? 0);
}

export interface CreateVideoDeps {
  pool: pg.Pool;
  /** Requests per user per minute. */
  perMinuteLimit: number;
  /** Whether the mode's configured model is served (the periodic model check). */
  isModeAvailable: (quality: VideoQuality) => boolean;
  /**
   * Runs in a created submit's transaction, after its holds, under the account lock: the customer's webhooks
   * learn whether this spend crossed the low-credits line (customer-webhooks, ADR 0064).
   */
  onSpent?: (client: pg.PoolClient, userId: string, credits: number) => Promise<unknown>;
  /** The request's allowance besides the balance (an API key's daily limit), claimed before the hold. */
  spendLimit?: SpendLimit;
}

export async function createVideoRequest(
  { pool, perMinuteLimit, isModeAvailable, onSpent, spendLimit }: CreateVideoDeps,
  input: CreateVideoInput,
  now: Date = new Date(),
): Promise<CreateVideoResult> {
  const variations = input.variations ?? 1;
  const ids = Array.from({ length: variations }, (_, index) =>
    videoRequestIdFor(input.userId, variationClientKey(input.clientKey, index)),
  );
  const [id = ''] = ids;
  const existing = await findVideoRequest(pool, input.userId, id);
  if (existing) return { kind: 'existing', request: existing, group: await submissionGroup(pool, existing) };
  if (!isModeAvailable(input.quality)) return { kind: 'unavailable' };
  if ((await recentRequestCount(pool, input.userId, now)) + variations > perMinuteLimit) {
    return { kind: 'rate_limited' };
  }

  const cost = requestCredits({
    quality: input.quality,
    clipSeconds: input.clipSeconds,
    resolution: input.masterResolution,
  });
  const structuredPrompt = input.structuredPrompt ?? buildStructuredPrompt(input.prompt);
  // Only a created submit commits, all its requests and holds together: a replay or a refusal leaves nothing.
  const outcome = await inTransaction(
    pool,
    async (client): Promise<CreateVideoResult | 'replay'> => {
      const claim = await spendLimit?.claim(client, cost * ids.length, holdReferenceFor(id));
      if (claim && !claim.ok) return { kind: 'daily_limit', limit: claim.limit };
      const group: VideoRequestRecord[] = [];
      for (const [index, requestId] of ids.entries()) {
        const clientKey = variationClientKey(input.clientKey, index);
        const row = { ...input, clientKey, variationIds: ids.length > 1 ? ids : [] };
        const result = await insertInTransaction(client, row, requestId, cost, structuredPrompt, now);
        if (result === 'replay') return 'replay';
        if (result.kind === 'insufficient_credits') {
          // The balance before this submit: what the earlier variations held in this transaction is given back.
          return { kind: 'insufficient_credits', balance: result.balance + index * cost };
        }
        group.push(result.request);
      }
      const [request] = group;
      if (!request) throw new Error('a submit created no request');
      await onSpent?.(client, input.userId, cost * group.length);
      return { kind: 'created', request, group };
    },
    { commitIf: (result) => result !== 'replay' && result.kind === 'created' },
  );
  // Read after the release: waiting for a second pooled connection while holding this one could block forever
  // when concurrent submits hold every connection.
  if (outcome !== 'replay') return outcome;
  const request = await findVideoRequest(pool, input.userId, id);
  if (!request) throw new Error(`hold video:${id} exists without its request`);
  return { kind: 'existing', request, group: await submissionGroup(pool, request) };
}

/** A group of requests of different inputs, each with its own clientKey (a story's shots, ADR 0062). */
export type CreateGroupResult =
  | { kind: 'created'; requests: VideoRequestRecord[] }
  | { kind: 'existing'; requests: VideoRequestRecord[] }
  | { kind: 'insufficient_credits'; balance: number }
  | { kind: 'rate_limited' }
  /** The API key's daily credit limit would be passed by the whole group (ADR 0063): nothing held. */
  | { kind: 'daily_limit'; limit: number }
  | { kind: 'unavailable' };

/** What a group of inputs holds in all: each request's price. */
const groupCredits = (inputs: readonly CreateVideoInput[]) =>
  inputs.reduce(
    (sum, input) =>
      sum +
      requestCredits({
        quality: input.quality,
        clipSeconds: input.clipSeconds,
        resolution: input.masterResolution,
      }),
    0,
  );

/**
 * Requests of different inputs held together and charged apart, as a submit's variations are (ADR 0016): one
 * transaction places every hold and inserts every request, so all are created or none; each settles alone. A
 * replay (the first input's clientKey already used) answers with the group's requests that exist. `within` runs in
 * that transaction once every request is in (what the caller records with them); it may throw to undo them all.
 * The request's allowance (an API key's daily limit) is claimed for the whole group first, as a single create's
 * is: a group that would pass it is refused whole, with nothing held.
 */
export async function createRequestGroup(
  { pool, perMinuteLimit, isModeAvailable, onSpent, spendLimit }: CreateVideoDeps,
  group: { userId: string; inputs: readonly CreateVideoInput[] },
  within?: (client: pg.PoolClient, requests: VideoRequestRecord[]) => Promise<void>,
  now: Date = new Date(),
): Promise<CreateGroupResult> {
  const { userId, inputs } = group;
  const ids = inputs.map((input) => videoRequestIdFor(input.userId, input.clientKey));
  const existing = ids.length > 0 ? await groupRequests(pool, userId, ids) : [];
  if (existing.length > 0) return { kind: 'existing', requests: existing };
  if (inputs.some((input) => !isModeAvailable(input.quality))) return { kind: 'unavailable' };
  if (ids.length > 0 && (await recentRequestCount(pool, userId, now)) + inputs.length > perMinuteLimit) {
    return { kind: 'rate_limited' };
  }
  const outcome = await inTransaction(
    pool,
    async (client): Promise<CreateGroupResult | 'replay'> => {
      const total = groupCredits(inputs);
      const claim =
        total > 0 ? await spendLimit?.claim(client, total, holdReferenceFor(ids[0] ?? '')) : undefined;
      if (claim && !claim.ok) return { kind: 'daily_limit', limit: claim.limit };
      const requests: VideoRequestRecord[] = [];
      let held = 0;
      for (const [index, input] of inputs.entries()) {
        const cost = requestCredits({
          quality: input.quality,
          clipSeconds: input.clipSeconds,
          resolution: input.masterResolution,
        });
        const prompt = input.structuredPrompt ?? buildStructuredPrompt(input.prompt);
        const row = { ...input, variationIds: [] };
        const result = await insertInTransaction(client, row, ids[index] ?? '', cost, prompt, now);
        if (result === 'replay') return 'replay';
        if (result.kind === 'insufficient_credits') {
          return { kind: 'insufficient_credits', balance: result.balance + held };
        }
        held += cost;
        requests.push(result.request);
      }
      await within?.(client, requests);
      await onSpent?.(client, userId, held);
      return { kind: 'created', requests };
    },
    { commitIf: (result) => result !== 'replay' && result.kind === 'created' },
  );
  if (outcome !== 'replay') return outcome;
  return { kind: 'existing', requests: await groupRequests(pool, userId, ids) };
}

async function groupRequests(pool: pg.Pool, userId: string, ids: string[]): Promise<VideoRequestRecord[]> {
  const result = await pool.query<VideoRequestRecord>(
    `SELECT ${VIDEO_REQUEST_COLUMNS} FROM video_requests
     WHERE user_id = $1 AND id = ANY($2::uuid[]) ORDER BY array_position($2::uuid[], id)`,
    [userId, ids],
  );
  return result.rows;
}

async function insertInTransaction(
  client: pg.PoolClient,
  input: CreateVideoInput & { variationIds: string[] },
  id: string,
  cost: number,
  structuredPrompt: StructuredPrompt,
  now: Date,
): Promise<
  | { kind: 'created'; request: VideoRequestRecord }
  | { kind: 'insufficient_credits'; balance: number }
  | 'replay'
> {
  let held: Awaited<ReturnType<typeof hold>>;
  try {
    held = await hold(client, { userId: input.userId, amount: cost, reference: holdReferenceFor(id) }, now);
  } catch (error) {
    // Same key, different quality (so a different amount), submitted concurrently: the first one stands.
    if (error instanceof CreditsConflictError) return 'replay';
    throw error;
  }
  if (!held.ok) return { kind: 'insufficient_credits', balance: held.balance };
  // A concurrent identical submit committed first (hold and request together): answer with its request.
  if (!held.created) return 'replay';
  const request = await insertRequest(client, {
    id,
    userId: input.userId,
    clientKey: input.clientKey,
    ...chosenFieldsOf(input),
    structuredPrompt,
    seed: input.seed,
    creditsUsed: cost,
    status: 'pending',
    firstFrameKey: input.firstFrameKey,
    holdId: held.hold.id,
    createdAt: now,
    updatedAt: now,
    lastFrameKey: input.lastFrameKey ?? null,
    referenceImageKeys: input.referenceImageKeys ?? [],
    extendsRequestId: input.extendsRequestId ?? null,
    editsRequestId: input.editsRequestId ?? null,
    finishesRequestId: input.finishesRequestId ?? null,
    variationIds: input.variationIds,
    cast: input.cast ?? [],
    opensOnRequestId: input.opensOnRequestId ?? null,
    storyId: input.storyId ?? null,
  });
  // No job yet: the request waits in the fair queue until the dispatcher gives it a slot (ADR 0061).
  return { kind: 'created', request };
}

/**
 * Inserts the request. An extension or edit continues an interaction stored with its source's project and key, by
 * the source's model (so its API surface and join rule), whatever the mode's model is today: those three columns
 * are its source's.
 */
async function insertRequest(
  client: pg.PoolClient,
  row: typeof videoRequests.$inferInsert,
): Promise<VideoRequestRecord> {
  const db = createDatabase(client);
  const sourceId = row.extendsRequestId ?? row.editsRequestId;
  const [source] = sourceId
    ? await db
        .select({
          providerProject: videoRequests.providerProject,
          provider: videoRequests.provider,
          model: videoRequests.model,
        })
        .from(videoRequests)
        .where(eq(videoRequests.id, sourceId))
    : [];
  const [request] = await db
    .insert(videoRequests)
    .values({ ...row, ...source })
    .returning();
  if (!request) throw new Error('video request insert returned no row');
  return request;
}
