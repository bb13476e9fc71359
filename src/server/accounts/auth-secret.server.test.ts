import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.server';
import { createLogger } from '#server/logger.server';
import { resolveAuthSecret, SECRET_FILE } from './auth-secret.server';

let dataDir: string;
const logger = createLogger('silent');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cena-secret-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('uses BETTER_AUTH_SECRET when set', async () => {
  const secret = 's'.repeat(40);
  expect(await resolveAuthSecret(loadConfig({ BETTER_AUTH_SECRET: secret, DATA_DIR: dataDir }), logger)).toBe(
    secret,
  );
});

it('generates one secret in local mode, private to the owner, and keeps it across restarts', async () => {
  const config = loadConfig({ DATA_DIR: path.join(dataDir, 'fresh') });
  const [a, b] = await Promise.all([resolveAuthSecret(config, logger), resolveAuthSecret(config, logger)]);
  expect(a).toBe(b);
  expect(a.length).toBeGreaterThanOrEqual(32);
  expect(await resolveAuthSecret(config, logger)).toBe(a);
  const file = path.join(config.dataDir, SECRET_FILE);
  expect((await readFile(file, 'utf8')).trim()).toBe(a);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
});

it('refuses a stored secret that is too short', async () => {
  const config = loadConfig({ DATA_DIR: path.join(dataDir, 'short') });
  await resolveAuthSecret(config, logger);
  await writeFile(path.join(config.dataDir, SECRET_FILE), 'short\n');
  await expect(resolveAuthSecret(config, logger)).rejects.toThrow(/shorter than 32 characters/);
});
