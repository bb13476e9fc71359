import { inTransaction } from '#server/kernel/transaction.server';
import type { updateStorySchema } from '#shared/stories';
import { factsOf, type StoriesDeps } from './stories-answers.server';
import { type PlanProblem, planProblem } from './story-models.server';
import { findStory, type ShotFields, type ShotRecord, type StoryRows, saveShots } from './story-store.server';

/**
 * `PATCH /api/stories/{id}` (ADR 0062): the plan as the board shows it now, saved whole — reorder, add, remove,
 * rewrite — under the story's row lock, so two tabs' saves follow one another. A shot keeps its takes; what it
 * does not send stays as stored. Checked as a new plan is (lengths, cast, references) before anything is saved.
 */

type Body = ReturnType<typeof updateStorySchema.parse>;
type ShotInput = NonNullable<Body['shots']>[number];

export type UpdateStoryResult =
  | { kind: 'saved'; rows: StoryRows }
  | { kind: 'not_found' | 'shot_not_found' | 'take_not_found' }
  | PlanProblem;

function shotFields(input: ShotInput, stored: ShotRecord | undefined): ShotFields | 'take_not_found' {
  const pickedTakeId = input.takeId === undefined ? (stored?.pickedTakeId ?? null) : input.takeId;
  if (pickedTakeId && !stored?.takeIds.includes(pickedTakeId)) return 'take_not_found';
  return {
    id: stored?.id,
    prompt: input.prompt,
    camera: input.camera ?? stored?.camera ?? '',
    setting: input.setting ?? stored?.setting ?? '',
    seconds: input.seconds,
    castIds: input.castIds ?? stored?.castIds ?? [],
    dialogue: input.dialogue === undefined ? (stored?.dialogue ?? null) : input.dialogue,
    join: input.join ?? stored?.join ?? 'cut',
    keep: input.keep ?? stored?.keep ?? true,
    pickedTakeId,
  };
}

export async function updateStory(
  deps: StoriesDeps,
  userId: string,
  storyId: string,
  body: Body,
): Promise<UpdateStoryResult> {
  return inTransaction(deps.pool, async (client): Promise<UpdateStoryResult> => {
    const rows = await findStory(client, userId, storyId, true);
    if (!rows) return { kind: 'not_found' };
    if (body.shots) {
      const stored = new Map(rows.shots.map((shot) => [shot.id, shot]));
      const shots: ShotFields[] = [];
      for (const input of body.shots) {
        const current = input.id ? stored.get(input.id.toLowerCase()) : undefined;
        if (input.id && !current) return { kind: 'shot_not_found' };
        const fields = shotFields(input, current);
        if (fields === 'take_not_found') return { kind: 'take_not_found' };
        shots.push(fields);
      }
      const problem = await planProblem(client, userId, shots, factsOf(deps));
      if (problem) return problem;
      await saveShots(client, storyId, shots);
    }
    if (body.title !== undefined || body.tone !== undefined) {
      await client.query(
        `UPDATE stories SET title = COALESCE($2, title), tone = CASE WHEN $3::boolean THEN NULLIF($4, '') ELSE tone END,
           updated_at = now() WHERE id = $1`,
        [storyId, body.title ?? null, body.tone !== undefined, body.tone ?? null],
      );
    }
    const saved = await findStory(client, userId, storyId);
    return saved ? { kind: 'saved', rows: saved } : { kind: 'not_found' };
  });
}
