import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '#server/config.server';
import type { Logger } from '#server/logger.server';

/** Where local mode keeps its generated secret, next to the embedded database. */
export const SECRET_FILE = 'auth-secret';

/**
 * BETTER_AUTH_SECRET when set (always in production: the configuration requires it). In local mode a secret is
 * generated on first start and kept in DATA_DIR, so sessions and e-mailed links survive restarts. The file appears
 * complete or not at all (written aside, then hard-linked into place, which fails if it exists), so two processes
 * starting together (web and worker) agree on one secret.
 */
export async function resolveAuthSecret(config: Config, logger: Logger): Promise<string> {
  if (config.auth.secret) return config.auth.secret;
  const file = path.join(config.dataDir, SECRET_FILE);
  if (!existsSync(file)) {
    await fs.mkdir(config.dataDir, { recursive: true });
    // Unique per call, not per process: two starts in one process must not share (and delete) one draft.
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
    try {
      await fs.link(draft, file);
      logger.info({ file }, 'generated a local auth secret (set BETTER_AUTH_SECRET to choose your own)');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await fs.rm(draft, { force: true });
    }
  }
  const secret = (await fs.readFile(file, 'utf8')).trim();
  if (secret.length < 32) {
    throw new Error(
      `${file} holds an auth secret shorter than 32 characters: delete it or set BETTER_AUTH_SECRET.`,
    );
  }
  return secret;
}
