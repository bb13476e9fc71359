import path from 'node:path';
import { z } from 'zod';
import { type ConfigReading, emptyAsUndefined, optionalString, optionalUrl } from './env-values.server';

export const storageEnv = z.object({
  /** Where reference images and videos live: local disk (default) or an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  STORAGE_DIR: optionalString,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional())
    .transform((value) => value === 'true' || value === '1'),
  /** How long a signed media URL stays valid. */
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .max(7 * 24 * 3600)
    .default(900),
  /** Signs local-disk media URLs; default: derived from the auth secret. */
  MEDIA_SIGNING_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
});

export interface StorageConfig {
  driver: 'disk' | 's3';
  /** The disk driver's root folder. */
  dir: string;
  /** Set when driver is s3. */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  urlTtlSeconds: number;
  /** Undefined: derived from the auth secret at start-up. */
  signingSecret: string | undefined;
}

export function storageConfig(env: z.infer<typeof storageEnv>, reading: ConfigReading): StorageConfig {
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET)
    reading.problems.push('  S3_BUCKET: required with STORAGE_DRIVER=s3');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    reading.problems.push(
      '  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both, or neither (the SDK default credentials)',
    );
  }
  return {
    driver: env.STORAGE_DRIVER,
    dir: path.resolve(env.STORAGE_DIR ?? path.join(reading.dataDir, 'storage')),
    s3:
      env.STORAGE_DRIVER === 's3' && env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    urlTtlSeconds: env.MEDIA_URL_TTL_SECONDS,
    signingSecret: env.MEDIA_SIGNING_SECRET,
  };
}
