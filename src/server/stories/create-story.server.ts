import { findCastMembers } from '#server/cast/cast.server';
import { createDatabase } from '#server/db/database.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { videoRequestIdFor } from '#server/videos/videos.server';
import { type createStorySchema, STORY_SHOTS_MAX } from '#shared/stories';
import { stories } from './stories.schema.server';
import { factsOf, type StoriesDeps } from './stories-answers.server';
import { sentencesOf } from './story-rules.server';
import { findStory, type StoryRows, saveShots } from './story-store.server';

/**
 * `POST /api/stories` (ADR 0062): the idea planned into a shot list — free, nothing held. The cast is checked
 * first (another user's member reads as missing); the planner writes within the lengths and references every
 * mode's model takes, so the plan it saves is one the drafts and finishes can make.
 */

/** Plans per user per hour: each may call the text model, which Cena pays for. */
const STORY_PLANS_PER_HOUR = 30;
const TITLE_MAX = 120;

export type CreateStoryResult =
  | { kind: 'created' | 'existing'; rows: StoryRows }
  | { kind: 'cast_not_found' }
  | { kind: 'rate_limited' };

/** The idea's first sentence, cut at a word to fit a title. */
function titleOf(idea: string): string {
  const first = sentencesOf(idea)[0] ?? idea.trim();
  return first.length <= TITLE_MAX ? first : `${first.slice(0, TITLE_MAX - 1).replace(/\s+\S*$/, '')}…`;
}

export async function createStory(
  deps: StoriesDeps,
  userId: string,
  body: ReturnType<typeof createStorySchema.parse>,
): Promise<CreateStoryResult> {
  // A clientKey names the story (create's rule for requests): a plan asked again answers the one it made.
  const keyed = body.clientKey ? videoRequestIdFor(`story:${userId}`, body.clientKey) : undefined;
  const earlier = keyed ? await findStory(deps.pool, userId, keyed) : undefined;
  if (earlier) return { kind: 'existing', rows: earlier };
  const cast = await findCastMembers(deps.pool, userId, body.castIds ?? []);
  if (!cast) return { kind: 'cast_not_found' };
  const recent = await deps.pool.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM stories WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
    [userId],
  );
  if ((recent.rows[0]?.count ?? 0) >= STORY_PLANS_PER_HOUR) return { kind: 'rate_limited' };
  const facts = factsOf(deps);
  const plan = await deps.planner({
    idea: body.idea,
    targetSeconds: body.targetSeconds,
    tone: body.tone,
    cast: cast.map((member) => ({
      id: member.id,
      name: member.name,
      kind: member.kind,
      images: member.imageKeys.length,
    })),
    lengths: facts.clipSecondsChoices,
    referencesPerShot: facts.referencesPerShot,
    maxShots: STORY_SHOTS_MAX,
  });
  const id = await inTransaction(deps.pool, async (client) => {
    const [story] = await createDatabase(client)
      .insert(stories)
      .values({
        ...(keyed ? { id: keyed } : {}),
        userId,
        title: titleOf(body.idea),
        idea: body.idea,
        aspectRatio: body.aspectRatio,
        targetSeconds: body.targetSeconds,
        tone: body.tone || null,
        castIds: cast.map((member) => member.id),
        plannedBy: plan.by,
      })
      .onConflictDoNothing({ target: stories.id })
      .returning({ id: stories.id });
    // The same key's plan, asked at the same time, was saved first: that one is the answer.
    if (!story && keyed) return undefined;
    if (!story) throw new Error('story insert returned no row');
    await saveShots(
      client,
      story.id,
      plan.shots.map((shot) => ({ ...shot, keep: true, pickedTakeId: null })),
    );
    return story.id;
  });
  const rows = await findStory(deps.pool, userId, id ?? keyed ?? '');
  if (!rows) throw new Error(`story ${id ?? keyed} vanished after its insert`);
  return { kind: id ? 'created' : 'existing', rows };
}
