import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { downloadKey, probe } from '#server/media/media.server';
import { type DeliveredFile, DeliveryFailure, fetchDeliveredVideo } from '../delivery.server';
import { isAbort, type JobRun, RequestFailure } from './job-types.server';
import { reachStep } from './request-row.server';
import type { GeneratedVideo } from './wait-for-video.server';

/**
 * A video Google finished is read for at least this long after the poll that named it, even past the request's
 * deadline: it is made and billed, and the file service's bad minute is no reason to refund it.
 */
const DELIVERY_WINDOW_MS = 10 * 60_000;

/**
 * generating → downloaded. The delivered video followed to the file (delivery.server.ts: headers and body in one
 * retried step, until the deadline — or, for a video Google finished at the last moment, DELIVERY_WINDOW_MS after
 * it), then kept in our storage before the step is stored: a worker that picks the job up after this renders the
 * stored copy instead of asking the provider again. False when the request became final meanwhile.
 */
export async function download(
  run: JobRun,
  video: GeneratedVideo,
): Promise<{ delivered: DeliveredFile; stored: boolean }> {
  const { deps, row, signal } = run;
  const readUntil = Math.max(run.deadline, Date.now() + DELIVERY_WINDOW_MS);
  let delivered: DeliveredFile;
  try {
    delivered = await fetchDeliveredVideo({ ...deps, provider: run.provider }, video, readUntil, signal);
  } catch (error) {
    if (error instanceof DeliveryFailure) throw new RequestFailure(error.kind, error.message);
    throw error;
  }
  try {
    await deps.storage.put(
      downloadKey(row, Boolean(run.trialMark)),
      createReadStream(delivered.file),
      'video/mp4',
    );
    return { delivered, stored: await reachStep(deps.pool, row.id, 'downloaded') };
  } catch (error) {
    await delivered.discard();
    throw error;
  }
}

/** The stored download on local disk again, for a run that resumes at the render step. */
export async function storedDownload(run: JobRun): Promise<DeliveredFile> {
  const { deps, row, signal } = run;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cena-download-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const file = path.join(dir, 'download.mp4');
    const stream = await deps.storage.getStream(downloadKey(row, Boolean(run.trialMark)));
    await pipeline(stream, createWriteStream(file), { signal });
    return { file, probe: await probe(file, deps.tools, signal), discard };
  } catch (error) {
    await discard();
    if (isAbort(error, signal)) throw error;
    throw new RequestFailure('render', `the stored download could not be read: ${(error as Error).message}`);
  }
}
