import { downloadKey, mediaKeys, type RenderEdits, renderResult } from '#server/media/media.server';
import { EDITS } from '#shared/provenance';
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
      seal: sealWith(run),
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

/**
 * The delivered file's Content Credentials (ADR 0065): the model as stored by the submit (this run's row may predate
 * it) and what the render did. Undefined when the pipeline signs nothing.
 */
function sealWith(run: JobRun): ((file: string, done: RenderEdits) => Promise<void>) | undefined {
  const { credentials, pool } = run.deps;
  if (!credentials) return undefined;
  return async (file, done) => {
    const stored = await pool.query<{ model: string | null }>(
      'SELECT model FROM video_requests WHERE id = $1',
      [run.row.id],
    );
    const model = stored.rows[0]?.model ?? run.row.model ?? run.provider.model(run.row.quality);
    const edits = EDITS.filter((edit) => edit !== 'captioned' && done[edit]);
    await credentials.sign(file, { model, edits }, { providerFile: done.providerFile });
  };
}
