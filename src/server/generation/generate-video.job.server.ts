import { reached } from '#server/video-requests/video-requests.server';
import { modelModeOf } from '#shared/catalogue';
import { FINAL_VIDEO_STATUSES } from '#shared/video-request';
import type { DeliveredFile } from './delivery.server';
import { check } from './job/check.step.server';
import { download, storedDownload } from './job/download.step.server';
import { generate } from './job/generate.step.server';
import {
  FAILURE_MESSAGES,
  isAbort,
  type JobRun,
  type PipelineDeps,
  RequestFailure,
  Requeued,
  type RunOptions,
  type RunOutcome,
} from './job/job-types.server';
import { render } from './job/render.step.server';
import { loadRequest, pickUp } from './job/request-row.server';
import { failRequest, settleCompleted } from './job/settle.step.server';

export {
  FAILURE_MESSAGES,
  type PipelineDeps,
  type PipelineReadStorage,
} from './job/job-types.server';
export { failRequest } from './job/settle.step.server';

/**
 * The `video-generate` job (design §5) as explicit stored steps (src/server/video-requests/generation-steps.server.ts, ADR 0024): queued →
 * dispatched → submitted → generating → downloaded → rendered → checked → settled, each in its own module under
 * job/. The request row is the truth: a run reads the step it reached and resumes after it, so a retry or a new
 * worker after a crash never pays the provider twice (the operation name is stored the moment it is accepted,
 * ADR 0015), never downloads a stored download again, and settles the request and its hold once.
 */

/** generate → download, for a request that has not downloaded its video yet. */
async function toDownloaded(run: JobRun): Promise<{ run: JobRun; delivered: DeliveredFile } | undefined> {
  const generation = await generate(run);
  if (!generation) return undefined;
  const next = { ...run, row: { ...run.row, operationName: generation.operationName } };
  const { delivered, stored } = await download(next, generation.video);
  if (stored) return { run: next, delivered };
  await delivered.discard();
  return undefined;
}

/** The steps after the one the request reached, in order. */
async function runSteps(run: JobRun): Promise<RunOutcome> {
  let current = run;
  let delivered: DeliveredFile | undefined;
  if (!reached(current.row.generationStep, 'downloaded')) {
    const downloaded = await toDownloaded(current);
    if (!downloaded) return 'already_final';
    ({ run: current, delivered } = downloaded);
  }
  if (!reached(current.row.generationStep, 'rendered')) {
    const row = await render(current, delivered ?? (await storedDownload(current)));
    if (!row) return 'already_final';
    current = { ...current, row };
  }
  if (!reached(current.row.generationStep, 'checked')) {
    const ended = await check(current);
    if (ended) return ended;
  }
  return (await settleCompleted(current)) ? 'completed' : 'already_final';
}

/** A run that threw: back in line, failed and refunded, or thrown on for the job's retry. */
async function ended(run: JobRun, error: unknown, options: RunOptions): Promise<RunOutcome> {
  const { deps, row, log } = run;
  if (error instanceof Requeued) {
    log.info({ reason: error.message }, 'video request back in the queue');
    await deps.capacity.requeue(deps.pool, row.id);
    return 'requeued';
  }
  if (error instanceof RequestFailure) {
    await deps.capacity.release(deps.pool, row.id);
    log.warn({ kind: error.kind, reason: error.message }, 'video request failed');
    const failed = await failRequest(
      deps.pool,
      row.id,
      FAILURE_MESSAGES[error.kind],
      deps.enqueueNotification,
    );
    if (failed && error.kind === 'unknown') {
      log.error({ reason: error.message }, 'refunded with the provider outcome unknown: to reconcile');
    }
    return failed ? 'failed' : 'already_final';
  }
  // A stopping worker leaves the request as it is: the retried job resumes from the stored step.
  if (isAbort(error, options.signal) || !options.finalAttempt) throw error;
  await deps.capacity.release(deps.pool, row.id);
  log.error({ err: error }, 'video request failed on its last attempt');
  return (await failRequest(deps.pool, row.id, FAILURE_MESSAGES.unexpected, deps.enqueueNotification))
    ? 'failed'
    : 'already_final';
}

/** The trial mark a request's file is delivered with, when the operator wants one and trial credits paid it. */
export async function trialMarkOf(
  deps: PipelineDeps,
  requestId: string,
): Promise<{ fontFile: string } | undefined> {
  const mark = deps.trialMark;
  return mark && (await mark.paidWithTrial(requestId)) ? { fontFile: mark.fontFile } : undefined;
}

/**
 * One run of the job for one request. Safe to run any number of times, concurrently or after a crash: it picks up
 * wherever the stored row says the request is. Throws only for what a retry can fix (the worker stopping, the
 * database away); every other failure ends the request failed and refunded.
 */
export async function runVideoGeneration(
  deps: PipelineDeps,
  requestId: string,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const log = deps.logger.child({ requestId });
  const row = await loadRequest(deps.pool, requestId);
  if (!row) {
    log.warn('video request not found; nothing to do');
    return 'not_found';
  }
  if (FINAL_VIDEO_STATUSES.includes(row.status)) return 'already_final';
  const run: JobRun = {
    deps,
    row,
    provider: deps.providerFor?.(row.providerProject) ?? deps.provider,
    // The wait in line is not the generation's: its deadline runs from the slot.
    deadline: (row.dispatchedAt ?? row.createdAt).getTime() + deps.timeoutMs[modelModeOf(row.quality)],
    log,
    signal: options.signal,
    trialMark: await trialMarkOf(deps, row.id),
  };
  try {
    await pickUp(deps, row);
    return await runSteps(run);
  } catch (error) {
    return ended(run, error, options);
  }
}
