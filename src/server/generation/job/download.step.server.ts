import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { downloadKey, mediaKeys, probe } from '#server/media/media.server';
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
 *
 * Not kept when it would be kept under the video's own key and the render signs it (ADR 0065): the render stores the
 * signed file there anyway, so the plain one would be uploaded only to be replaced. The file goes straight to the
 * render in this run, the step stays `generating`, and a run that dies before the render fetches the file from the
 * provider again (its operation is stored: no second create or charge, ADR 0015).
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
  if (!plainCopyKept(run)) return { delivered, stored: true };
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

/** Whether the provider's file is kept as it came: not when the video's key will hold its signed copy. */
function plainCopyKept({ deps, row, trialMark }: JobRun): boolean {
  return !deps.credentials || downloadKey(row, Boolean(trialMark)) !== mediaKeys(row.userId, row.id).video;
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
