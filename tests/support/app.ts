import path from 'node:path';
import { type RunningCena, startCena } from '../../src/server/cena.server';
import { loadConfig } from '../../src/server/config.server';
import { createLogger } from '../../src/server/logger.server';
import { createTestDatabase } from './database';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface TestApp {
  url: string;
  cena: RunningCena;
  stop(): Promise<void>;
}

/** The real server, in this process, on its own fresh database and a free port. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    WEB_DIST_DIR: path.join(ROOT, 'dist/client'),
    SUPPORT_EMAIL: 'suporte@cena.test',
    ...env,
  });
  const cena = await startCena(config, createLogger(config.logLevel), 'all');
  if (!cena.url) throw new Error('the test app has no web role');
  return {
    url: cena.url,
    cena,
    async stop() {
      await cena.stop();
      await database.drop();
    },
  };
}
