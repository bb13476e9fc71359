import { createHmac } from 'node:crypto';
import type { Config } from '#server/config.server';
import type { BlobStorage } from './blob-storage.server';
import { DiskStorage } from './disk-storage.server';
import { S3Storage } from './s3-storage.server';

export * from './blob-storage.server';
export { DiskStorage } from './disk-storage.server';

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
