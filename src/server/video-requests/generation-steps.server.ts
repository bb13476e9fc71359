/**
 * The generation job's steps, in order (ADR 0024). `video_requests.generation_step` holds the last one a request
 * reached, written in the same statement as what the step produced, so a worker that picks the job up resumes after
 * it: a crash after the download renders the stored file, with no second call to the provider and no second charge.
 *
 * - `queued`: waiting in the fair queue; `dispatched`: given a slot of the provider's budget (capacity).
 * - `submitted`: the create is marked as sent (ADR 0015); `generating`: the provider named the generation.
 * - `downloaded`: the provider's file is in our storage; `rendered`: joined, reframed, thumbnailed and probed.
 * - `checked`: the take passed its check; `settled`: completed or failed, with the hold captured or voided.
 */
export const GENERATION_STEPS = [
  'queued',
  'dispatched',
  'submitted',
  'generating',
  'downloaded',
  'rendered',
  'checked',
  'settled',
] as const;
export type GenerationStep = (typeof GENERATION_STEPS)[number];

/** Whether `step` is at or after `other`. */
export function reached(step: GenerationStep, other: GenerationStep): boolean {
  return GENERATION_STEPS.indexOf(step) >= GENERATION_STEPS.indexOf(other);
}
