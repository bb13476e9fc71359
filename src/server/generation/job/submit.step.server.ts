import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import {
  ProviderOutcomeUnknownError,
  ProviderQuotaError,
  TransientProviderError,
  type VideoGenerationInput,
} from '#server/video-providers/video-providers.server';
import { abandonGeneration } from '../generation-stop.server';
import {
  isAbort,
  type JobRun,
  type PipelineDeps,
  providerOf,
  RequestFailure,
  type RequestRow,
  Requeued,
  remaining,
} from './job-types.server';
import { FINAL_SQL, storeOperation } from './request-row.server';
import { buildSubmission } from './submission.server';

/**
 * dispatched → submitted → generating. A create is sent once, ever (ADR 0015): it is marked as sent first (the
 * `submitted` step), a stopping worker still waits for its answer and stores the name (the `generating` step), and a
 * run that finds it marked but unnamed (a crash mid-create, a lost answer) never sends another: with no way to ask
 * Google what it accepted, it refunds and records the request for reconciliation.
 */

/**
 * How long a create may still be waiting for its answer in another run (the client's request timeout and its
 * retries of a connection that never opened): a mark younger than this is left to that run.
 */
const CREATE_ANSWER_WINDOW_MS = 5 * 60_000;

/** Marks the create as sent; false when the request is final or another run marked it first. */
async function markCreateSent(pool: pg.Pool, requestId: string): Promise<boolean> {
  const marked = await pool.query(
    `UPDATE video_requests SET create_sent_at = now(), generation_step = 'submitted', updated_at = now()
     WHERE id = $1 AND operation_name IS NULL AND create_sent_at IS NULL AND ${FINAL_SQL}`,
    [requestId],
  );
  return marked.rowCount === 1;
}

/**
 * `markCreateSent`, and when it cannot be written (the database away) the slot goes back at once, best effort: the
 * retried job finds no live slot and waits in line again, instead of the slot sitting unused until its lease lapses.
 */
async function markCreateSentOrFreeSlot(deps: PipelineDeps, requestId: string): Promise<boolean> {
  try {
    return await markCreateSent(deps.pool, requestId);
  } catch (error) {
    await deps.capacity.release(deps.pool, requestId).catch(() => undefined);
    throw error;
  }
}

/** The provider refused the create before starting anything (a 4xx, a 429, no connection): it may be sent again. */
async function clearCreateSent(pool: pg.Pool, requestId: string): Promise<void> {
  await pool.query(
    `UPDATE video_requests SET create_sent_at = NULL, generation_step = 'dispatched'
     WHERE id = $1 AND operation_name IS NULL`,
    [requestId],
  );
}

/**
 * A create sent by an earlier run whose answer was never stored (the worker died while waiting for it, or the
 * database was away when it came). Neither of Google's APIs can say what it accepted for Cena (the Interactions
 * API has get, cancel and delete by id only, `@google/genai` 3.1.0; an operation is named by its answer alone), so
 * the request is refunded and recorded for reconciliation rather than paid twice (ADR 0015).
 */
function refuseUnansweredCreate(row: RequestRow): void {
  if (!row.createSentAt) return;
  const age = Date.now() - row.createSentAt.getTime();
  // Still possibly waiting in another run: that run stores the answer; this one is retried later.
  if (age < CREATE_ANSWER_WINDOW_MS)
    throw new Error('a create of this request may still be waiting for its answer');
  throw new RequestFailure(
    'unknown',
    `a create sent at ${row.createSentAt.toISOString()} was never answered`,
  );
}

/** A refused create: back in line, or the wait before sending it again (Google's retryDelay, else the back-off). */
async function retryWait(run: JobRun, error: unknown, delay: number): Promise<number> {
  const { deps, row, deadline } = run;
  if (
    error instanceof ProviderQuotaError &&
    (await deps.capacity.refused(deps.pool, row, error)) === 'requeue'
  ) {
    throw new Requeued(`provider quota: ${error.message}`);
  }
  if (!(error instanceof TransientProviderError))
    throw new RequestFailure('provider', (error as Error).message);
  if (remaining(deadline) <= 0) throw new RequestFailure('timeout', `submit kept failing: ${error.message}`);
  const asked = error instanceof ProviderQuotaError ? (error.retryAfterMs ?? delay) : delay;
  return Math.min(Math.max(delay, asked), Math.max(0, remaining(deadline)));
}

/** The name is stored; a request settled meanwhile leaves its generation to be cancelled and deleted. */
async function accepted(run: JobRun, input: VideoGenerationInput, operationName: string) {
  const { deps, row, provider } = run;
  const model = input.model ?? provider.model(row.quality);
  const stored = await storeOperation(deps.pool, row.id, { operationName, provider: provider.name, model });
  await deps.capacity.succeeded(deps.pool, row);
  if (stored) return operationName;
  const generation = {
    operationName,
    userId: row.userId,
    requestId: row.id,
    providerProject: row.providerProject,
  };
  await abandonGeneration(deps.pool, providerOf(deps), generation, run.log);
  return undefined;
}

/** Submits once and stores the operation name at once; returns undefined when the request became final. */
export async function submit(run: JobRun): Promise<string | undefined> {
  const { deps, row, signal } = run;
  refuseUnansweredCreate(row);
  if (remaining(run.deadline) <= 0) throw new RequestFailure('timeout', 'deadline passed before submitting');
  const input = await buildSubmission(run);
  let delay = deps.poll.initialMs;
  for (;;) {
    await deps.capacity.sending(deps.pool, row);
    if (!(await markCreateSentOrFreeSlot(deps, row.id))) return undefined;
    let operationName: string;
    try {
      // Without the job's signal: a stopping worker still waits for the answer (the client's timeout bounds it)
      // and stores the name, so a generation Google accepted is never left without one.
      ({ operationName } = await run.provider.submit(input));
    } catch (error) {
      if (error instanceof ProviderOutcomeUnknownError) throw new RequestFailure('unknown', error.message);
      await clearCreateSent(deps.pool, row.id);
      if (isAbort(error, signal)) throw error;
      await sleep(await retryWait(run, error, delay), undefined, { signal });
      delay = Math.min(delay * 1.5, deps.poll.maxMs);
      continue;
    }
    return accepted(run, input, operationName);
  }
}
