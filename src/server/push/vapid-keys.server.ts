import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';
import type { Config } from '#server/config.server';
import type { Logger } from '#server/logger.server';

/** Where local mode keeps its generated VAPID pair, next to the auth secret. */
export const VAPID_FILE = 'web-push-vapid.json';

export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  /** RFC 8292 §2.1's `sub`: a mailto: or https: URL. */
  subject: string;
}

/**
 * WEB_PUSH_VAPID_PUBLIC_KEY / _PRIVATE_KEY when set (always in production: the configuration requires them). In
 * local mode a pair is generated on first start and kept in DATA_DIR, so subscriptions survive restarts — resolved
 * as the auth secret is (accounts/auth-secret.server.ts): the file appears complete or not at all, so a web and a
 * worker process starting together agree on one pair.
 */
export async function resolveVapidIdentity(config: Config, logger: Logger): Promise<VapidIdentity> {
  const { subject } = config.push;
  if (config.push.vapidKeys) return { ...config.push.vapidKeys, subject };
  const file = path.join(config.dataDir, VAPID_FILE);
  if (!existsSync(file)) {
    await fs.mkdir(config.dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(draft, `${JSON.stringify(webPush.generateVAPIDKeys())}\n`, { mode: 0o600 });
    try {
      await fs.link(draft, file);
      logger.info(
        { file },
        'generated a local Web Push VAPID key pair (set WEB_PUSH_VAPID_* to choose your own)',
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await fs.rm(draft, { force: true });
    }
  }
  return { ...readPair(await fs.readFile(file, 'utf8'), file), subject };
}

const decodesTo = (value: unknown, bytes: number): value is string =>
  typeof value === 'string' &&
  /^[A-Za-z0-9_-]+$/.test(value) &&
  Buffer.from(value, 'base64url').length === bytes;

function readPair(text: string, file: string): { publicKey: string; privateKey: string } {
  try {
    const { publicKey, privateKey } = JSON.parse(text) as Record<string, unknown>;
    if (decodesTo(publicKey, 65) && decodesTo(privateKey, 32)) return { publicKey, privateKey };
  } catch {
    // Falls through to the error naming the file.
  }
  throw new Error(
    `${file} does not hold a VAPID key pair: delete it or set WEB_PUSH_VAPID_PUBLIC_KEY / _PRIVATE_KEY.`,
  );
}
