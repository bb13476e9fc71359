import type { ProvenanceConfig } from '#server/config.server';
import type { Logger } from '#server/logger.server';
import type { VerifyResult } from '#shared/provenance';
import type { Made } from './manifest.server';
import { type OffThreadReader, offThreadReader } from './read-off-thread.server';
import { type SignOptions, signVideo } from './sign-video.server';
import { loadSigningKey, type SigningKey } from './signing-key.server';

/**
 * The provenance room's entry file (ADR 0003, ADR 0057): Content Credentials (C2PA, ADR 0065) — every delivered MP4
 * signed after its last ffmpeg step, and any MP4 read back for `/api/verify`. Other rooms import this file, never
 * one inside the room (biome.json).
 */

export type { Made } from './manifest.server';
export { verifyRoutes } from './verify.routes.server';

export interface ContentCredentials {
  /** Signs `file` in place; a file too large to sign is delivered as it is (logged). */
  sign(file: string, made: Made, options?: Pick<SignOptions, 'providerFile'>): Promise<void>;
  /** What `file` carries, validated under Cena's roots. */
  read(file: string): Promise<VerifyResult>;
}

/** The process's one reading thread (read-off-thread.server.ts), shared by every app this process starts. */
let processReader: OffThreadReader | undefined;

/**
 * The signer of this process: its key read (or the development chain made) at start, so a wrong certificate stops
 * the start rather than the first delivery; the library itself is loaded at the first file.
 */
export function createContentCredentials(config: ProvenanceConfig, logger: Logger): ContentCredentials {
  const key: SigningKey = loadSigningKey(config);
  if (key.development)
    logger.info('Content Credentials: signing with the development certificate (local mode)');
  processReader ??= offThreadReader();
  const reader = processReader;
  return {
    async sign(file, made, options) {
      const outcome = await signVideo(key, file, made, options);
      if (outcome.signed) logger.debug({ cpuMs: outcome.cpuMs }, 'Content Credentials signed');
      else logger.warn({ reason: outcome.reason }, 'a delivered video was left without Content Credentials');
    },
    // On a worker thread: a large upload's validation must not hold the web process's other requests.
    read: async (file) => (await reader.read(file, key.anchors)).result,
  };
}
