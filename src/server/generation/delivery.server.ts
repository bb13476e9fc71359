import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '#server/logger.server';
import { FfmpegError, type MediaTools, type ProbeResult, probe } from '#server/media/media.server';
import { ProviderError, type VideoProvider } from '#server/video-providers/video-providers.server';

/**
 * Following a delivered video to the file. Google has made and billed the video once a poll names it, and keeps it
 * (an Omni interaction 55 days, [RETENTION] in tests/support/fake-gemini.ts; a Veo file 2 days, VEO_GUIDE), so the
 * download is one step — the response's headers AND its body, written to disk and probed — read again through
 * provider trouble until the deadline: a connection reset or a timeout half-way through the body is the network's
 * failure, not the video's. Only a terminal answer fails it: a 4xx (the file is not ours or not there), or a file
 * that arrives whole and still does not probe, read BROKEN_FILE_READS times.
 */

/** A file that arrives whole and does not probe is the file itself, after this many reads, not a bad connection. */
const BROKEN_FILE_READS = 3;

export interface DeliveredFile {
  /** The provider's video on local disk, whole and probed. */
  file: string;
  probe: ProbeResult;
  /** Removes the local copy. */
  discard(): Promise<void>;
}

/** The delivery failed for good: `download` (the provider refused it, or the deadline) or `render` (a broken file). */
export class DeliveryFailure extends Error {
  override name = 'DeliveryFailure';
  constructor(
    readonly kind: 'download' | 'render',
    detail: string,
  ) {
    super(detail);
  }
}

interface DeliveryDeps {
  provider: VideoProvider;
  tools: MediaTools;
  logger: Logger;
  /** Back-off between reads: starts at `initialMs`, ×1.5 per read, capped at `maxMs`. */
  poll: { initialMs: number; maxMs: number };
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error as Error)?.name === 'AbortError';
}

/** The provider's own refusal of the file (403, 404, a URI Cena will not follow): reading again changes nothing. */
function refused(error: unknown): boolean {
  return error instanceof ProviderError && (error.status === undefined || error.status < 500);
}

async function readOnce(
  deps: DeliveryDeps,
  uri: string,
  file: string,
  signal: AbortSignal | undefined,
): Promise<ProbeResult> {
  const stream = await deps.provider.download(uri, signal);
  // Errors of the body (a reset, a timeout) reach `pipeline`; unheard before it listens they would crash.
  stream.on('error', () => undefined);
  await pipeline(stream, createWriteStream(file), { signal });
  return probe(file, deps.tools, signal);
}

/**
 * The delivered video on local disk, probed. Reads a URI again with back-off until `deadline` (epoch ms) whatever
 * broke: the headers, the body or the file's readability; inline bytes are written and probed once.
 */
export async function fetchDeliveredVideo(
  deps: DeliveryDeps,
  video: { uri: string } | { bytes: Buffer },
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<DeliveredFile> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cena-delivery-'));
  const file = path.join(dir, 'source.mp4');
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    if ('bytes' in video) {
      await writeFile(file, video.bytes);
      return { file, probe: await probeOrFail(file, deps.tools, signal), discard };
    }
    return { file, probe: await readUntilWhole(deps, video.uri, file, deadline, signal), discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

async function probeOrFail(file: string, tools: MediaTools, signal: AbortSignal | undefined) {
  try {
    return await probe(file, tools, signal);
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw new DeliveryFailure('render', (error as Error).message);
  }
}

async function readUntilWhole(
  deps: DeliveryDeps,
  uri: string,
  file: string,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<ProbeResult> {
  let delay = deps.poll.initialMs;
  let brokenReads = 0;
  for (;;) {
    try {
      return await readOnce(deps, uri, file, signal);
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      const message = (error as Error).message;
      if (refused(error)) throw new DeliveryFailure('download', message);
      if (error instanceof FfmpegError) {
        brokenReads += 1;
        if (brokenReads >= BROKEN_FILE_READS) throw new DeliveryFailure('render', message);
      }
      if (Date.now() >= deadline)
        throw new DeliveryFailure('download', `still failing at the deadline: ${message}`);
      deps.logger.warn({ err: error }, 'downloading the video failed; reading it again');
    }
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())), undefined, { signal });
    delay = Math.min(delay * 1.5, deps.poll.maxMs);
  }
}
