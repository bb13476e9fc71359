import type { Readable } from 'node:stream';
import type pg from 'pg';
import { inTransaction } from '#server/kernel/transaction.server';
import type { BlobStorage } from '#server/storage/storage.server';
import { lockVideoMedia, videoWithheld, withheldKey, withholdableFiles } from './withhold-media.server';

/**
 * A storage that writes a taken-down video's files where the takedown keeps them (ADR 0070, "Late writes"). A job
 * that read a video before its takedown — a captions burn, a film join, a render, a story take's copy — stores its
 * file after it; written at its own key, the file would be reachable again (by a URL signed earlier for that key,
 * or by the owner's page). Every writer goes through this one storage (the kernel wraps the configured one), so
 * none of them has to know: a file of a video is written under that video's takedown lock (the one the takedown's
 * moves hold), at its withheld key while a takedown in force covers the video and at its own key otherwise. A
 * takedown decided during the write waits for it and then moves the file with the rest; a restore moves it back
 * with the rest. Keys that are not a video's withholdable files (reference images, cast images, withheld keys
 * themselves) are written as they are.
 */

const VIDEO_FILE =
  /^([^/]+)\/videos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+$/i;

/** The video a key is one of the withholdable files of (the files a takedown moves), or undefined. */
function withholdableVideo(key: string): string | undefined {
  const [, userId, requestId] = VIDEO_FILE.exec(key) ?? [];
  if (!userId || !requestId) return undefined;
  return withholdableFiles(userId, requestId).includes(key) ? requestId : undefined;
}

export function honouringTakedowns<T extends BlobStorage>(storage: T, pool: pg.Pool): T {
  const put = async (key: string, body: Buffer | Readable, contentType: string) => {
    const requestId = withholdableVideo(key);
    if (!requestId) return storage.put(key, body, contentType);
    // The lock is held for the upload: a takedown of this video waits for it (seconds at most for a film).
    await inTransaction(pool, async (client) => {
      await lockVideoMedia(client, [requestId]);
      const withheld = await videoWithheld(client, requestId);
      await storage.put(withheld ? withheldKey(key) : key, body, contentType);
    });
  };
  // A job that deletes its file (a failed render, a film of a deleted account) deletes it wherever it is: a copy
  // left at the withheld key would come back with a restore.
  const remove = async (key: string) => {
    await storage.delete(key);
    if (withholdableVideo(key)) await storage.delete(withheldKey(key));
  };
  // A proxy, so the driver stays what it is (the disk /media route is mounted for a DiskStorage) and its own
  // methods run on it: an S3 move deletes its source with the driver's delete, not with this one.
  return new Proxy(storage, {
    get(target, property) {
      if (property === 'put') return put;
      if (property === 'delete') return remove;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
