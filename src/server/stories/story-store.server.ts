import { and, asc, eq } from 'drizzle-orm';
import type pg from 'pg';
import { createDatabase } from '#server/db/database.server';
import type { StoryDialogue, StoryJoin } from '#shared/stories';
import { stories, storyShots } from './stories.schema.server';

/** A story's rows: the story and its shots in order (ADR 0062). */

export type StoryRecord = typeof stories.$inferSelect;
export type ShotRecord = typeof storyShots.$inferSelect;
export interface StoryRows {
  story: StoryRecord;
  shots: ShotRecord[];
}

type Db = pg.Pool | pg.PoolClient;

/** The user's story with its shots; another user's reads as missing. `lock` takes the story's row for update. */
export async function findStory(
  db: Db,
  userId: string,
  id: string,
  lock = false,
): Promise<StoryRows | undefined> {
  const database = createDatabase(db);
  const query = database
    .select()
    .from(stories)
    .where(and(eq(stories.id, id), eq(stories.userId, userId)));
  const [story] = lock ? await query.for('update') : await query;
  if (!story) return undefined;
  const shots = await database
    .select()
    .from(storyShots)
    .where(eq(storyShots.storyId, id))
    .orderBy(asc(storyShots.position));
  return { story, shots };
}

/** A shot as the planner or an edit gives it. */
export interface ShotFields {
  id?: string;
  prompt: string;
  camera: string;
  setting: string;
  seconds: number;
  castIds: string[];
  dialogue: StoryDialogue | null;
  join: StoryJoin;
  keep: boolean;
  pickedTakeId: string | null;
}

/**
 * The plan as given, in order: shots named by id are updated (keeping their takes), new ones inserted, the
 * others deleted. The first shot is always a cut: it has no shot before it to open on.
 */
export async function saveShots(client: pg.PoolClient, storyId: string, shots: readonly ShotFields[]) {
  const database = createDatabase(client);
  const kept = shots.flatMap((shot) => (shot.id ? [shot.id] : []));
  await client.query('DELETE FROM story_shots WHERE story_id = $1 AND NOT (id = ANY($2::uuid[]))', [
    storyId,
    kept,
  ]);
  for (const [index, { id, ...shot }] of shots.entries()) {
    const values = { ...shot, join: index === 0 ? ('cut' as const) : shot.join, position: index + 1 };
    if (id) {
      await database
        .update(storyShots)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(storyShots.id, id), eq(storyShots.storyId, storyId)));
    } else {
      await database.insert(storyShots).values({ ...values, storyId });
    }
  }
  await client.query('UPDATE stories SET updated_at = now() WHERE id = $1', [storyId]);
}
