import { type Story, type StoryShot, shotCredits } from '#shared/stories';
import type { PlanShot } from './plan';

/**
 * The takes side of the board: what the server has made of each shot (its drafts' requests), matched to the plan
 * on screen by id. A shot added here and not saved yet has no server shot.
 */

export function serverShot(story: Story, shot: PlanShot): StoryShot | undefined {
  return shot.id ? story.shots.find((candidate) => candidate.id === shot.id) : undefined;
}

/** A shot 'Rascunhar roteiro' drafts: one without a live or completed take (new, never drafted, or failed). */
function needsDraft(story: Story, shot: PlanShot): boolean {
  const status = serverShot(story, shot)?.request?.status;
  return status === undefined || status === 'failed';
}

export const toDraft = (story: Story, plan: readonly PlanShot[]): PlanShot[] =>
  plan.filter((shot) => needsDraft(story, shot));

/** What drafting those shots costs: each its own request at the draft's price for its length. */
export const draftCost = (shots: readonly PlanShot[]): number =>
  shots.reduce((sum, shot) => sum + shotCredits('draft', shot.seconds), 0);

/** A shot whose current take is delivered: it plays on the board and can be finished. */
export function readyTake(story: Story, shot: PlanShot) {
  const request = serverShot(story, shot)?.request;
  return request?.status === 'completed' && request.videoUrl ? request : null;
}

/** Whether any take of the story is still being made (the board says so and waits for it). */
export const drafting = (story: Story): boolean =>
  story.shots.some((shot) => shot.request !== null && !['completed', 'failed'].includes(shot.request.status));

/** Every kept shot has a delivered take: 'Finalizar roteiro' can start (else the server answers not_drafted). */
export const finishable = (story: Story, plan: readonly PlanShot[]): boolean =>
  plan.some((shot) => shot.keep) && plan.filter((shot) => shot.keep).every((shot) => readyTake(story, shot));
