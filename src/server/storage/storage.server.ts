import { createHmac } from 'node:crypto';
import type { Config } from '#server/config.server';
import type { BlobStorage } from './blob-storage.server';
import { DiskStorage } from './disk-storage.server';
import { S3Storage } from './s3-storage.server';

/**
 * The storage room's entry file (ADR 0003, ADR 0057): what other rooms use of it — disk or S3 storage, chosen
 * here from the configuration, uploaded images and signed media URLs. Other rooms import this file, never one
 * inside the room (biome.json).
 */

export { blobResponse } from './blob-response.server';
export * from './blob-storage.server';
export { DiskStorage } from './disk-storage.server';
export { s3MediaOrigin } from './s3-storage.server';
export { mediaRoutes } from './signed-media.routes.server';
export type { StagedImages, UploadedImage } from './uploaded-image.server';
export { imageKey, readImage, stageImages, storedImage } from './uploaded-image.server';

/**
 * The configured storage (STORAGE_DRIVER). Disk URLs are signed with MEDIA_SIGNING_SECRET, or else a key derived
 * from the auth secret (a separate key per purpose: a media URL can never be replayed as a session signature).
 */
export function createStorage(config: Config, authSecret: string): BlobStorage {
  const { storage } = config;
  if (storage.driver === 's3') {
    if (!storage.s3) throw new Error('STORAGE_DRIVER=s3 without S3 settings');
    return new S3Storage(storage.s3);
  }
  const secret =
    storage.signingSecret ?? createHmac('sha256', authSecret).update('cena-media-urls').digest('base64url');
  return new DiskStorage(storage.dir, secret);
}
