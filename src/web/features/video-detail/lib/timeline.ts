import type { TakeCheckView, TakeProblem } from '#shared/take-check';
import type { VideoStatus } from '#shared/video-request';

type TimelineStepKey =
  | 'created'
  | 'processing'
  | 'generating'
  | 'rendering'
  | 'generated'
  | 'completed'
  | 'failed'
  | 'take';
export type TimelineStepState = 'done' | 'current' | 'upcoming' | 'failed';

export interface TimelineStep {
  key: TimelineStepKey;
  state: TimelineStepState;
  /** ISO instant shown with the step, when known. */
  at: string | null;
  /** A `take` step: which take the guarantee checked, and what it found wrong. */
  take?: { number: number; passed: boolean; problems: TakeProblem[] };
}

export interface TimelineInput {
  status: VideoStatus;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  /** The take guarantee's checks, oldest first. */
  takeChecks?: TakeCheckView[];
}

/**
 * Spec §4's detail timeline: created (credits debited) always; 'Em processamento' once processing or later; a
 * generating / rendering / generated step; 'Concluído' with completed_at; 'Falhou' when failed. Steps not reached yet
 * are listed as upcoming while the request is unfinished (a failed request shows only what happened).
 */
export function timelineSteps(input: TimelineInput): TimelineStep[] {
  const steps = progressSteps(input);
  const checks: TimelineStep[] = (input.takeChecks ?? []).map((check) => ({
    key: 'take',
    state: check.passed ? 'done' : 'failed',
    at: check.checkedAt,
    take: { number: check.take, passed: check.passed, problems: check.problems },
  }));
  // The take guarantee's checks come before the outcome they led to; while a re-roll runs, after the creation.
  const final = input.status === 'completed' || input.status === 'failed';
  steps.splice(final ? steps.length - 1 : 1, 0, ...checks);
  return steps;
}

function progressSteps({ status, createdAt, updatedAt, completedAt }: TimelineInput): TimelineStep[] {
  const steps: TimelineStep[] = [{ key: 'created', state: 'done', at: createdAt }];
  switch (status) {
    case 'pending':
      steps.push(
        { key: 'processing', state: 'upcoming', at: null },
        { key: 'generating', state: 'upcoming', at: null },
        { key: 'completed', state: 'upcoming', at: null },
      );
      break;
    case 'processing':
      steps.push(
        { key: 'processing', state: 'current', at: updatedAt },
        { key: 'generating', state: 'upcoming', at: null },
        { key: 'completed', state: 'upcoming', at: null },
      );
      break;
    case 'generating':
    case 'rendering':
      steps.push(
        { key: 'processing', state: 'done', at: null },
        { key: status, state: 'current', at: updatedAt },
        { key: 'completed', state: 'upcoming', at: null },
      );
      break;
    case 'completed':
      steps.push(
        { key: 'processing', state: 'done', at: null },
        { key: 'generated', state: 'done', at: null },
        { key: 'completed', state: 'done', at: completedAt ?? updatedAt },
      );
      break;
    case 'failed':
      steps.push(
        { key: 'processing', state: 'done', at: null },
        { key: 'failed', state: 'failed', at: completedAt ?? updatedAt },
      );
      break;
  }
  return steps;
}
