import { setTimeout as sleep } from 'node:timers/promises';
import { type PollResult, TransientProviderError } from '#server/video-providers/video-providers.server';
import { modelModeOf } from '#shared/catalogue';
import { stopGeneration } from '../generation-stop.server';
import { isAbort, type JobRun, RequestFailure, remaining } from './job-types.server';

/** The provider's finished video: a file to fetch, or the bytes themselves. */
export type GeneratedVideo = { uri: string } | { bytes: Buffer };

/**
 * Past its deadline a generation the provider does not answer about is asked again this long before the request
 * is refunded without stopping it (its state unknown, it may be done).
 */
const DEADLINE_ANSWER_GRACE_MS = 5 * 60_000;

/** One read; undefined when the provider did not answer (5xx, timeouts, dropped connections). */
async function readOnce(run: JobRun, operationName: string): Promise<PollResult | undefined> {
  try {
    return await run.provider.poll(operationName, run.signal);
  } catch (error) {
    if (isAbort(error, run.signal)) throw error;
    // Not the provider's answer about an accepted (billed) generation: it is read again until its deadline.
    if (!(error instanceof TransientProviderError))
      throw new RequestFailure('provider', (error as Error).message);
    run.log.warn({ err: error }, 'polling the provider failed; trying again');
    return undefined;
  }
}

/** A finished generation's video, or the failure that ends the request. */
async function finished(run: JobRun, operationName: string, result: Extract<PollResult, { done: true }>) {
  if ('video' in result) return result.video;
  if ('blocked' in result) {
    throw new RequestFailure('blocked', `safety filter: ${result.blocked.join('; ') || 'no reason given'}`);
  }
  // Still open at the provider (waiting for the client): stopped and deleted before the refund.
  if (result.open) await stopGeneration(run.provider, operationName, run.log, run.signal);
  throw new RequestFailure('provider', `provider error ${result.error.code ?? ''}: ${result.error.message}`);
}

/** Reads the generation until it is done, on the poll's back-off or Google's events (ADR 0018). */
export async function waitForVideo(run: JobRun, operationName: string): Promise<GeneratedVideo> {
  const { deps, deadline, signal } = run;
  const events = deps.providerEvents;
  let delay = events?.pollMs ?? deps.poll.initialMs;
  let finishing = false;
  for (;;) {
    const polledAt = Date.now();
    const result = await readOnce(run, operationName);
    if (result?.done) return finished(run, operationName, result);
    if (remaining(deadline) <= 0) {
      // No answer at all (5xx, timeouts): a generation in an unknown state — perhaps finished, with its video — is
      // not cancelled blind; it is asked again, for a while, until the provider says where it stands.
      if (!result) {
        if (remaining(deadline) < -DEADLINE_ANSWER_GRACE_MS)
          throw new RequestFailure('timeout', 'the provider never answered after the deadline');
        await sleep(delay, undefined, { signal });
        delay = Math.min(delay * 1.5, deps.poll.maxMs);
        continue;
      }
      // Given up on: stopped (and deleted) at the provider before the refund, unless it finished as it was
      // given up on — then it is read once more, and a video it made is delivered.
      if (!finishing && (await stopGeneration(run.provider, operationName, run.log, signal)) === 'finished') {
        finishing = true;
        continue;
      }
      throw new RequestFailure(
        'timeout',
        `not done after ${deps.timeoutMs[modelModeOf(run.row.quality)]} ms`,
      );
    }
    const wait = Math.min(delay, remaining(deadline));
    await (events ? events.wait(operationName, polledAt, wait, signal) : sleep(wait, undefined, { signal }));
    delay = events?.pollMs ?? Math.min(delay * 1.5, deps.poll.maxMs);
  }
}
