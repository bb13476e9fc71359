import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';
import { creditHolds } from '#server/credits/credits.schema.server';
import type { CastSnapshot } from '#shared/cast';
import { ASPECT_RATIOS, MASTER_RESOLUTIONS, VIDEO_LENGTH_SECONDS, VIDEO_QUALITIES } from '#shared/catalogue';
import { type StructuredPrompt, VIDEO_STATUSES } from '#shared/video-request';
import { GENERATION_STEPS } from './generation-steps.server';

/**
 * Video requests (spec §3, docs/video-contract.md). Media columns hold storage keys, never URLs: the browser only
 * gets short-lived signed URLs made from them at read time. Statuses, qualities and ratios are text with CHECK
 * constraints (not enums) so a new value is a constraint swap. A trigger (added by hand to the migration) notifies
 * `video_request` events on `cena_events` for every insert, update and delete.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Who asked, and what they chose in the form (src/shared/video-request.ts `chosenFieldSchemas`). */
const ownerChoices = () => ({
  /** Derived from (user_id, client_key) at creation, so a replayed submit lands on the same id and hold. */
  id: uuid('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** Made by the form once per submission: UNIQUE per user, the create endpoint's idempotency key. */
  clientKey: uuid('client_key').notNull(),
  prompt: text('prompt').notNull(),
  /**
   * The prompt as the history search compares it: lower case without accents ("Açaí" → "acai"), through the
   * IMMUTABLE `cena_search_text` wrapper of PostgreSQL's unaccent (created by hand in its migration; ADR 0026). Stored,
   * so a search's recheck reads it rather than running unaccent on every row it walks.
   */
  promptSearch: text('prompt_search').notNull().generatedAlwaysAs(sql`cena_search_text(prompt)`),
  structuredPrompt: jsonb('structured_prompt').$type<StructuredPrompt>(),
  quality: text('quality', { enum: VIDEO_QUALITIES }).notNull(),
  aspectRatio: text('aspect_ratio', { enum: ASPECT_RATIOS }).notNull(),
  /** The clip length asked for, in seconds (ADR 0033); `delivered_seconds` is what the delivered file measures. */
  clipSeconds: integer('clip_seconds').notNull().default(VIDEO_LENGTH_SECONDS),
  /** Quality's master resolution (`1080p` or `4k`); null for the other modes, whose resolution is the mode's. */
  masterResolution: text('master_resolution', { enum: MASTER_RESOLUTIONS }),
  seed: integer('seed'),
  creditsUsed: integer('credits_used').notNull(),
});

/** The images the video is made from: the first and last frame, the references and the cast's. */
const imageColumns = () => ({
  /** The first frame the video starts from (the create form's `firstFrame`). */
  firstFrameKey: text('first_frame_key'),
  /** Optional last frame; only with a first frame (src/shared/video-directing.ts). */
  lastFrameKey: text('last_frame_key'),
  /** Up to three reference images of a character, object or style. */
  referenceImageKeys: text('reference_image_keys').array().notNull().default(sql`'{}'::text[]`),
  /** The cast members the request used, as they were then (src/shared/cast.ts); their images are copied. */
  cast: jsonb('cast').$type<CastSnapshot[]>().notNull().default(sql`'[]'::jsonb`),
});

/** Where the request comes from: the video it extends or edits, a film, the variations of one submit. */
const lineageColumns = () => ({
  /** The request this one extends (its video continues the source's whole video). */
  extendsRequestId: uuid('extends_request_id').references((): AnyPgColumn => videoRequests.id, {
    onDelete: 'set null',
  }),
  /** The request this one edits by instruction (the source stays untouched). */
  editsRequestId: uuid('edits_request_id').references((): AnyPgColumn => videoRequests.id, {
    onDelete: 'set null',
  }),
  /**
   * The video this one finishes ('Finalizar', ADR 0033): the same inputs made again in another mode or at 4K, a
   * new generation (Google's Omni guide documents no upscale of a stored interaction on the Gemini API).
   */
  finishesRequestId: uuid('finishes_request_id').references((): AnyPgColumn => videoRequests.id, {
    onDelete: 'set null',
  }),
  /**
   * A film joined by Cena from the user's completed videos (src/server/films, ADR 0014): no provider, no credits,
   * never in the fair queue; its scenes are in `film_scenes`.
   */
  film: boolean('film').notNull().default(false),
  /**
   * A story's shot that opens on another request's last frame (a continuity shot, ADR 0062): it waits in the fair
   * queue until that request is completed, and its first frame (`first_frame_key`) is written from it at submit.
   */
  opensOnRequestId: uuid('opens_on_request_id').references((): AnyPgColumn => videoRequests.id, {
    onDelete: 'set null',
  }),
  /**
   * The story (src/server/stories, ADR 0062) this request is a take, finish or film of; null for any other. No
   * foreign key: the stories room owns its table and names this one, not the other way round; both go with the
   * account.
   */
  storyId: uuid('story_id'),
  /**
   * Variations (one submit, several requests, src/shared/video-request.ts): every request of the submit, in
   * order, on each of them (the first one's id names the group); empty for a single request. Written once.
   */
  variationIds: uuid('variation_ids').array().notNull().default(sql`'{}'::uuid[]`),
  /**
   * The variation the creator kept ('Ficar com esta'), written on every request of the group at once so each
   * reads it without a join: the group's cover in history and the one offered for extension, edit and films.
   */
  keptVariationId: uuid('kept_variation_id'),
});

/** What the user gets: the status, the error, the rendered media and its probe. */
const outcomeColumns = () => ({
  status: text('status', { enum: VIDEO_STATUSES }).notNull().default('pending'),
  errorMessage: text('error_message'),
  videoKey: text('video_key'),
  thumbnailKey: text('thumbnail_key'),
  resolution: text('resolution'),
  /** What the delivered file measures (its probe), null until it is rendered; never the length asked (ADR 0051). */
  deliveredSeconds: doublePrecision('delivered_seconds'),
  /** Whether the rendered video has a sound track (its probe), read by the take check of a resumed job. */
  hasAudio: boolean('has_audio'),
});

/** The provider's bookkeeping: which model and project, its operation, whether its create was sent. */
const providerColumns = () => ({
  provider: text('provider'),
  model: text('model'),
  /** The Google Cloud project (and so the key) that serves it; an extension or edit stays on its source's. */
  providerProject: text('provider_project'),
  /** The provider's long-running operation: a restarted worker resumes polling it instead of paying twice. */
  operationName: text('operation_name'),
  /**
   * Set just before the create is sent, cleared when the provider provably did not accept it (429, never
   * connected). Set with no operation name, the create's outcome is unknown: no run sends another (ADR 0015).
   */
  createSentAt: timestamptz('create_sent_at'),
  /**
   * When the request was refunded without knowing whether the provider accepted (and bills) its create: kept for
   * the operator's reconciliation against Google's billing (ADR 0015), listed in the admin panel.
   */
  providerOutcomeUnknownAt: timestamptz('provider_outcome_unknown_at'),
});

/** The queue and the generation job: its step, hold, attempts and times. */
const jobColumns = () => ({
  /**
   * The last step of the generation job the request reached (generation-steps.server.ts, ADR 0024): any worker
   * that picks the job up resumes after it.
   */
  generationStep: text('generation_step', { enum: GENERATION_STEPS }).notNull().default('queued'),
  holdId: uuid('hold_id').references(() => creditHolds.id),
  attempts: integer('attempts').notNull().default(0),
  /**
   * When the dispatcher gave the request a slot of the provider's budget (capacity); null while it waits
   * in the fair queue. Its deadline runs from here, not from its creation.
   */
  dispatchedAt: timestamptz('dispatched_at'),
  /** When the provider finished generating (its slot freed): the queue's measure of a generation's length. */
  generatedAt: timestamptz('generated_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /**
   * When the current take started waiting for the provider: the creation, and again when a take's re-roll puts
   * the request back in line (a 429 keeps it). The longest wait for capacity counts from here; the place in
   * line keeps `created_at`.
   */
  queuedAt: timestamptz('queued_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  startedAt: timestamptz('started_at'),
  completedAt: timestamptz('completed_at'),
});

/**
 * The table's columns, a function so a scratch copy of the table (with one more column) is built from the same
 * definitions rather than restated (videos/video-request-row.server.test.ts, ADR 0022).
 */
export const videoRequestColumns = () => ({
  ...ownerChoices(),
  ...imageColumns(),
  ...lineageColumns(),
  ...outcomeColumns(),
  ...providerColumns(),
  ...jobColumns(),
});

export const videoRequests = pgTable('video_requests', videoRequestColumns(), (t) => [
  unique('video_requests_client_key_unique').on(t.userId, t.clientKey),
  check('video_requests_status_valid', sql`${t.status} IN (${inList(VIDEO_STATUSES)})`),
  check('video_requests_quality_valid', sql`${t.quality} IN (${inList(VIDEO_QUALITIES)})`),
  check('video_requests_clip_seconds_positive', sql`${t.clipSeconds} > 0`),
  check(
    'video_requests_master_resolution_valid',
    sql`${t.masterResolution} IS NULL OR (${t.quality} = 'quality' AND ${t.masterResolution} IN (${inList(MASTER_RESOLUTIONS)}))`,
  ),
  check('video_requests_aspect_ratio_valid', sql`${t.aspectRatio} IN (${inList(ASPECT_RATIOS)})`),
  check('video_requests_credits_used_positive', sql`${t.creditsUsed} > 0 OR ${t.film}`),
  check('video_requests_generation_step_valid', sql`${t.generationStep} IN (${inList(GENERATION_STEPS)})`),
  check('video_requests_seed_range', sql`${t.seed} IS NULL OR ${t.seed} BETWEEN 10000 AND 99999`),
  check('video_requests_attempts_non_negative', sql`${t.attempts} >= 0`),
  check(
    'video_requests_one_source',
    sql`num_nonnulls(${t.extendsRequestId}, ${t.editsRequestId}, ${t.finishesRequestId}) <= 1`,
  ),
  check(
    'video_requests_kept_is_a_variation',
    sql`${t.keptVariationId} IS NULL OR ${t.keptVariationId} = ANY(${t.variationIds})`,
  ),
  check('video_requests_reference_images_max', sql`cardinality(${t.referenceImageKeys}) <= 3`),
  check(
    'video_requests_last_frame_needs_first',
    sql`${t.lastFrameKey} IS NULL OR ${t.firstFrameKey} IS NOT NULL`,
  ),
  // The versions of a video (its extensions and edits), read by the detail page's timeline.
  index('video_requests_extends_idx').on(t.extendsRequestId).where(sql`${t.extendsRequestId} IS NOT NULL`),
  index('video_requests_edits_idx').on(t.editsRequestId).where(sql`${t.editsRequestId} IS NOT NULL`),
  index('video_requests_finishes_idx').on(t.finishesRequestId).where(sql`${t.finishesRequestId} IS NOT NULL`),
  index('video_requests_opens_on_idx').on(t.opensOnRequestId).where(sql`${t.opensOnRequestId} IS NOT NULL`),
  index('video_requests_story_idx').on(t.storyId).where(sql`${t.storyId} IS NOT NULL`),
  // The user's list (newest first) and the create rate limit (requests in the last minute).
  // `id` breaks ties so pages are stable and the ORDER BY of the history (docs/history-contract.md) is read straight from it.
  index('video_requests_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  // History filters (docs/history-contract.md): one user's page by status or quality, newest first, without reading the rest.
  index('video_requests_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc(), t.id.desc()),
  index('video_requests_user_quality_created_idx').on(t.userId, t.quality, t.createdAt.desc(), t.id.desc()),
  // History search: LIKE '%q%' on one user's accent-free prompts (pg_trgm + btree_gin, created by hand in a
  // migration), one index per quality: a search among one quality's videos reads only its index, and a search among
  // all reads both (a BitmapOr). Cheaper than the quality as a key of one index, whose every-row entry the GIN scan
  // had to intersect (ADR 0026).
  ...VIDEO_QUALITIES.map((quality) =>
    index(`video_requests_user_search_${quality}_trgm_idx`)
      .using('gin', t.userId, t.promptSearch.op('gin_trgm_ops'))
      .where(sql`${t.quality} = ${sql.raw(`'${quality}'`)}`),
  ),
  // Unfinished requests, for sweeps of stuck or timed-out work.
  index('video_requests_unfinished_idx')
    .on(t.createdAt)
    .where(sql`${t.status} NOT IN ('completed', 'failed')`),
  // The fair queue (capacity/fair-queue.server.ts): the waiting requests, oldest first per user.
  index('video_requests_waiting_idx')
    .on(t.userId, t.createdAt, t.id)
    .where(sql`${t.status} = 'pending' AND ${t.dispatchedAt} IS NULL`),
  // Whose turn it was last (round robin) and the measured generation time of recent videos.
  index('video_requests_user_dispatched_idx')
    .on(t.userId, t.dispatchedAt.desc())
    .where(sql`${t.dispatchedAt} IS NOT NULL`),
  // The queue's pace: the last generations' length, and the starts of the last seconds.
  index('video_requests_generated_idx').on(t.generatedAt.desc()).where(sql`${t.generatedAt} IS NOT NULL`),
  index('video_requests_dispatched_idx').on(t.dispatchedAt).where(sql`${t.dispatchedAt} IS NOT NULL`),
  // Admin panel: requests per day, and the failures of the last 24 h.
  index('video_requests_created_idx').on(t.createdAt),
  index('video_requests_failed_idx').on(t.updatedAt.desc()).where(sql`${t.status} = 'failed'`),
  index('video_requests_outcome_unknown_idx')
    .on(t.providerOutcomeUnknownAt.desc())
    .where(sql`${t.providerOutcomeUnknownAt} IS NOT NULL`),
]);
