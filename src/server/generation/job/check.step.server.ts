import { forgetRecorded } from '../generation-stop.server';
import { type JobRun, providerOf, type RunOutcome } from './job-types.server';
import { newPartStart, reachStep } from './request-row.server';
import { failRequest } from './settle.step.server';

/**
 * rendered → checked. The take guarantee (take-check/) checks the stored video: a failed take is generated again at
 * no cost (the request back in line, its step `queued`), a second failure refunds it; an extension's check reads
 * only its new part (ADR 0050). Returns the run's outcome when the check ended it, undefined when the take passed
 * and its step is stored.
 */
export async function check(run: JobRun): Promise<RunOutcome | undefined> {
  const { deps, row, log } = run;
  const take = await deps.checkTake?.(
    {
      requestId: row.id,
      prompt: row.prompt,
      structuredPrompt: row.structuredPrompt,
      videoKey: row.videoKey ?? '',
      deliveredSeconds: row.deliveredSeconds ?? 0,
      hasAudio: row.hasAudio ?? false,
      newPartFromSeconds: await newPartStart(deps.pool, row),
    },
    run.signal,
  );
  if (take?.outcome === 'reroll') {
    log.info('the take failed its check: generated again at no cost');
    if (row.operationName) await forgetRecorded(deps.pool, providerOf(deps), row.operationName, log);
    return 'requeued';
  }
  if (take?.outcome === 'gone') return 'already_final';
  if (take?.outcome === 'refund') {
    return (await failRequest(deps.pool, row.id, take.message, deps.enqueueNotification))
      ? 'failed'
      : 'already_final';
  }
  return (await reachStep(deps.pool, row.id, 'checked')) ? undefined : 'already_final';
}
