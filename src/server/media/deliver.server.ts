import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

/** What the render did to the model's file (`providerFile`), for the delivered file's Content Credentials. */
export interface RenderEdits {
  joined: boolean;
  /** The head cut before a same-take answer's repeated tail. */
  trimmed: boolean;
  reframed: boolean;
  marked: boolean;
  providerFile: string;
}

/** Where the render stores its delivered file (rendering.server.ts `PipelineStorage`). */
interface DeliveryStorage {
  put(key: string, body: Readable, contentType: string): Promise<unknown>;
}

/**
 * Signs the delivered file (ADR 0065) and stores it under the video key, unless it is stored there already as it
 * is (the download itself, unsigned): a signed file is stored again.
 */
export async function deliver(
  args: { storage: DeliveryStorage; seal?: (videoFile: string, done: RenderEdits) => Promise<void> },
  key: string,
  videoFile: string,
  edits: RenderEdits,
  storedAsIs: boolean,
): Promise<void> {
  await args.seal?.(videoFile, edits);
  if (!storedAsIs || args.seal) await args.storage.put(key, createReadStream(videoFile), 'video/mp4');
}
