import {
  STORY_SHOTS_MAX,
  type Story,
  type StoryJoin,
  type StoryPrice,
  type StoryShot,
  storyPrice,
  type UpdateStoryInput,
  updateStorySchema,
} from '#shared/stories';
import { newUuid } from '#web/lib/uuid';

/**
 * The Roteiro board's plan as the user edits it, kept pure so reordering, adding, removing, rewriting and pricing
 * are tested without a browser. The board is the source of the plan's words; the server's story is the source of
 * the takes (drafts) and their requests (ADR 0062).
 */

export interface PlanShot {
  /** Stable on the board: the server's id once saved, a key of this page's own before. */
  key: string;
  /** The server's id; undefined for a shot added here and not saved yet. */
  id: string | undefined;
  prompt: string;
  camera: string;
  setting: string;
  seconds: number;
  castIds: string[];
  /** Typed text of the line; both empty means the shot has no dialogue. */
  speaker: string;
  line: string;
  join: StoryJoin;
  keep: boolean;
  /** The take the user picked on this page; undefined leaves the stored pick as it is. */
  pickedTake: string | undefined;
}

export function planOf(story: Story): PlanShot[] {
  return story.shots.map((shot) => ({
    key: shot.id,
    id: shot.id,
    prompt: shot.prompt,
    camera: shot.camera,
    setting: shot.setting,
    seconds: shot.seconds,
    castIds: [...shot.castIds],
    speaker: shot.dialogue?.speaker ?? '',
    line: shot.dialogue?.line ?? '',
    join: shot.join,
    keep: shot.keep,
    pickedTake: undefined,
  }));
}

/** Moves the shot at `from` to `to`; the first shot always opens with a cut (it has nothing to continue). */
export function moveShot(plan: readonly PlanShot[], from: number, to: number): PlanShot[] {
  if (from === to || from < 0 || from >= plan.length || to < 0 || to >= plan.length) return [...plan];
  const next = [...plan];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return firstIsCut(next);
}

export function removeShot(plan: readonly PlanShot[], index: number): PlanShot[] {
  return firstIsCut(plan.filter((_, i) => i !== index));
}

/** A new shot after `index` (at the end without one): the neighbour's length and cast, a cut, no words yet. */
export function addShot(plan: readonly PlanShot[], index: number, seconds: number): PlanShot[] {
  if (plan.length >= STORY_SHOTS_MAX) return [...plan];
  const neighbour = plan[index];
  const shot: PlanShot = {
    key: `new-${newUuid()}`,
    id: undefined,
    prompt: '',
    camera: '',
    setting: neighbour?.setting ?? '',
    seconds: neighbour?.seconds ?? seconds,
    castIds: [...(neighbour?.castIds ?? [])],
    speaker: '',
    line: '',
    join: 'cut',
    keep: true,
    pickedTake: undefined,
  };
  const next = [...plan];
  next.splice(index + 1, 0, shot);
  return next;
}

export function updateShot(plan: readonly PlanShot[], key: string, change: Partial<PlanShot>): PlanShot[] {
  return firstIsCut(plan.map((shot) => (shot.key === key ? { ...shot, ...change } : shot)));
}

function firstIsCut(plan: PlanShot[]): PlanShot[] {
  const first = plan[0];
  if (!first || first.join === 'cut') return plan;
  return [{ ...first, join: 'cut' }, ...plan.slice(1)];
}

/** The price of the plan as it is on screen: the server's own rule (src/shared/stories.ts), so it never waits. */
export function planPrice(plan: readonly PlanShot[]): StoryPrice {
  return storyPrice(plan);
}

export const planSeconds = (plan: readonly PlanShot[]): number =>
  plan.reduce((sum, shot) => sum + shot.seconds, 0);

/** The PATCH body of the plan: the whole list in order; a line is sent only when both its parts are typed. */
export function planBody(plan: readonly PlanShot[]): UpdateStoryInput {
  return {
    shots: plan.map((shot) => ({
      ...(shot.id ? { id: shot.id } : {}),
      prompt: shot.prompt,
      camera: shot.camera,
      setting: shot.setting,
      seconds: shot.seconds,
      castIds: shot.castIds,
      dialogue:
        shot.speaker.trim() === '' && shot.line.trim() === ''
          ? null
          : { speaker: shot.speaker, line: shot.line },
      join: shot.join,
      keep: shot.keep,
      ...(shot.pickedTake ? { takeId: shot.pickedTake } : {}),
    })),
  };
}

/** What keeps the plan from being saved, per shot key and field (the shared schema's own pt-BR messages). */
export type PlanProblems = Record<string, Partial<Record<'prompt' | 'speaker' | 'line' | 'plan', string>>>;

export function planProblems(plan: readonly PlanShot[]): PlanProblems {
  const checked = updateStorySchema.safeParse(planBody(plan));
  if (checked.success) return {};
  const problems: PlanProblems = {};
  for (const issue of checked.error.issues) {
    const [, index, field, part] = issue.path;
    const shot = typeof index === 'number' ? plan[index] : undefined;
    const key = shot?.key ?? '';
    const name = field === 'dialogue' ? part : field === 'prompt' ? 'prompt' : 'plan';
    const slot = name === 'speaker' || name === 'line' || name === 'prompt' ? name : 'plan';
    problems[key] = { ...problems[key], [slot]: problems[key]?.[slot] ?? issue.message };
  }
  return problems;
}

/**
 * After a save: the ids the server gave the shots this page added (its answer lists them in the order sent), so
 * the next save edits them instead of adding them again. `sent` are the board's keys in the order of that save.
 */
export function withSavedIds(
  plan: readonly PlanShot[],
  sent: readonly string[],
  saved: readonly StoryShot[],
): PlanShot[] {
  const ids = new Map(sent.map((key, index) => [key, saved[index]?.id]));
  return plan.map((shot) => {
    const id = ids.get(shot.key);
    return shot.id === undefined && id ? { ...shot, id } : shot;
  });
}
