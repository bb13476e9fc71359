import { downloadKey, mediaKeys, renderResult } from '#server/media/media.server';
import type { DeliveredFile } from '../delivery.server';
import { isAbort, type JobRun, RequestFailure, type RequestRow } from './job-types.server';
import { loadSource, reachStep } from './request-row.server';
import { joinPlan } from './source-files.server';
import { isNewShot } from './submission.server';

/**
 * downloaded → rendered. The downloaded file stored, joined to the source of an extension, reframed, thumbnailed
 * and probed (rendering.server.ts); what it made is stored with the step, so the check and the settlement of a
 * resumed run read it from the row. Undefined when the request became final meanwhile.
 */
export async function render(run: JobRun, delivered: DeliveredFile): Promise<RequestRow | undefined> {
  const { deps, row, signal } = run;
  let media: Awaited<ReturnType<typeof renderResult>>;
  try {
    const extended = row.extendsRequestId ? await loadSource(deps.pool, row) : undefined;
    media = await renderResult({
      source: delivered,
      join: extended ? await joinPlan(deps, row, extended, isNewShot(row)) : undefined,
      storage: deps.storage,
      userId: row.userId,
      requestId: row.id,
      aspectRatio: row.aspectRatio,
      tools: deps.tools,
      signal,
      storedAt: downloadKey(row, Boolean(run.trialMark)),
      trialMark: run.trialMark,
    });
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    await forgetDownload(run, downloadKey(row, Boolean(run.trialMark)));
    throw new RequestFailure('render', (error as Error).message);
  } finally {
    await delivered.discard();
  }
  const columns = {
    videoKey: media.videoKey,
    thumbnailKey: media.thumbnailKey,
    resolution: media.resolution,
    deliveredSeconds: media.probe.deliveredSeconds,
    hasAudio: media.probe.hasAudio,
  };
  const stored = await reachStep(deps.pool, row.id, 'rendered', columns);
  const copy = mediaKeys(row.userId, row.id).download;
  if (downloadKey(row, Boolean(run.trialMark)) === copy) await forgetDownload(run, copy);
  return stored ? { ...row, ...columns, generationStep: 'rendered' } : undefined;
}

/** The download is rendered (or unusable): its stored copy goes, best effort. */
async function forgetDownload(run: JobRun, key: string): Promise<void> {
  await run.deps.storage
    .delete(key)
    .catch((error: unknown) => run.log.warn({ err: error }, 'could not delete the stored download'));
}
