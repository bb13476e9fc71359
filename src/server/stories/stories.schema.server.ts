import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';
import { videoRequests } from '#server/video-requests/video-requests.server';
import { ASPECT_RATIOS, MASTER_RESOLUTIONS } from '#shared/catalogue';
import { STORY_JOINS, type StoryDialogue } from '#shared/stories';

/**
 * Roteiro (ADR 0062): a story owns its plan — the shots in order — and names the video requests made for it: each
 * shot's takes (drafts) and each finish (its shots' finishing requests and the film that joins them). The requests
 * stay ordinary `video_requests` rows, held, charged, queued and refunded as any other; a story adds no money of
 * its own.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    idea: text('idea').notNull(),
    aspectRatio: text('aspect_ratio', { enum: ASPECT_RATIOS }).notNull(),
    targetSeconds: integer('target_seconds').notNull(),
    tone: text('tone'),
    /** The Elenco members the idea was planned with (a shot names its own among them or others of the user). */
    castIds: uuid('cast_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** `rules` or the text model's id. */
    plannedBy: text('planned_by').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('stories_aspect_ratio_valid', sql`${t.aspectRatio} IN (${inList(ASPECT_RATIOS)})`),
    index('stories_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export const storyShots = pgTable(
  'story_shots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    /** From 1, in the story's order; rewritten whole by each edit of the plan. */
    position: integer('position').notNull(),
    prompt: text('prompt').notNull(),
    camera: text('camera').notNull().default(''),
    setting: text('setting').notNull().default(''),
    seconds: integer('seconds').notNull(),
    castIds: uuid('cast_ids').array().notNull().default(sql`'{}'::uuid[]`),
    dialogue: jsonb('dialogue').$type<StoryDialogue | null>(),
    join: text('join', { enum: STORY_JOINS }).notNull().default('cut'),
    /** Left out of 'Finalizar roteiro' when false. */
    keep: boolean('keep').notNull().default(true),
    /** Every draft of the shot (video request ids), oldest first. */
    takeIds: uuid('take_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** The take the creator picked to finish; null: the newest completed. */
    pickedTakeId: uuid('picked_take_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('story_shots_position_positive', sql`${t.position} >= 1`),
    check('story_shots_seconds_positive', sql`${t.seconds} > 0`),
    check('story_shots_join_valid', sql`${t.join} IN (${inList(STORY_JOINS)})`),
    index('story_shots_story_position_idx').on(t.storyId, t.position),
  ],
);

/**
 * One 'Finalizar roteiro': its film (a `video_requests` row of kind film, whose id is this row's) and the finishing
 * request of each kept shot, in order. `state` moves finishing → rendering → completed (or failed) as the advance
 * loop sees the requests end; at most one finish of a story is under way.
 */
export const storyFinishes = pgTable(
  'story_finishes',
  {
    filmRequestId: uuid('film_request_id')
      .primaryKey()
      .references(() => videoRequests.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    quality: text('quality', { enum: ['fast', 'quality'] }).notNull(),
    masterResolution: text('master_resolution', { enum: MASTER_RESOLUTIONS }),
    burnCaptions: boolean('burn_captions').notNull().default(false),
    /** The finishing request of each kept shot, in the film's order. */
    shotRequestIds: uuid('shot_request_ids').array().notNull(),
    /** Each of those shots' line (or null), as it was when finished: the film's captions. */
    dialogue: jsonb('dialogue').$type<(StoryDialogue | null)[]>().notNull(),
    state: text('state', { enum: ['finishing', 'rendering', 'completed', 'failed'] })
      .notNull()
      .default('finishing'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('story_finishes_state_valid', sql`${t.state} IN ('finishing', 'rendering', 'completed', 'failed')`),
    // The lock that makes 20 taps one charge: a second finish under way cannot be inserted.
    uniqueIndex('story_finishes_one_under_way_idx')
      .on(t.storyId)
      .where(sql`${t.state} IN ('finishing', 'rendering')`),
    index('story_finishes_story_idx').on(t.storyId, t.createdAt.desc()),
  ],
);
