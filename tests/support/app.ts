import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { type RunningCena, startCena } from '#server/cena.server';
import { loadConfig } from '#server/config.server';
import { createLogger } from '#server/logger.server';
import { createTestDatabase, type TestDatabase, testPool } from './database';
import { TEST_VAPID_ENV } from './fake-push-service';
import { freePort } from './free-port';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every test app signs with this, so two apps on one database accept each other's sessions. */
export const TEST_AUTH_SECRET = 'cena-test-secret-0123456789abcdef0123456789';

export interface TestApp {
  url: string;
  /** The app's database, for a second app or a direct pool on it. */
  databaseUrl: string;
  cena: RunningCena;
  stop(): Promise<void>;
}

export interface TestAppOptions {
  /** Run on this database (left in place on stop) instead of a fresh one dropped on stop. */
  databaseUrl?: string;
}

/**
 * The real server, in this process, on a free port and its own fresh database (or `options.databaseUrl`). APP_URL
 * is the app's real address, so e-mailed links and origin checks work as in production; 127.0.0.1 is a trusted
 * proxy, so a test can act from any client address with X-Forwarded-For.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database: TestDatabase | undefined = options.databaseUrl ? undefined : await createTestDatabase();
  const databaseUrl = options.databaseUrl ?? database?.url ?? '';
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '5',
      WEB_DIST_DIR: path.join(ROOT, 'dist/client'),
      SUPPORT_EMAIL: 'suporte@cena.test',
      BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
      ...TEST_VAPID_ENV,
      TRUSTED_PROXIES: '127.0.0.1',
      // Tests count credits from none: the free first video is on only where a test asks for it (ADR 0040).
      TRIAL_ENABLED: 'false',
      ...env,
    });
    const cena = await startCena(config, createLogger(config.logLevel), 'all');
    if (!cena.url) throw new Error('the test app has no web role');
    return {
      url,
      databaseUrl,
      cena,
      async stop() {
        await cena.stop();
        await database?.drop();
      },
    };
  } catch (error) {
    await database?.drop();
    throw error;
  }
}

/** The real server storing on disk in a temporary folder of its own, with a small direct pool on its database. */
export interface DiskApp {
  app: TestApp;
  pool: pg.Pool;
  storageDir: string;
}

export async function startDiskApp(folderPrefix: string, env: Record<string, string> = {}): Promise<DiskApp> {
  const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), folderPrefix));
  const app = await startTestApp({ STORAGE_DIR: storageDir, SHUTDOWN_TIMEOUT_MS: '2000', ...env });
  return { app, pool: testPool({ connectionString: app.databaseUrl, max: 3 }), storageDir };
}

/** Stops what startDiskApp started, as far as it got. */
export async function stopDiskApp(running: Partial<DiskApp>): Promise<void> {
  await running.pool?.end();
  await running.app?.stop();
  if (running.storageDir) await fs.rm(running.storageDir, { recursive: true, force: true });
}
