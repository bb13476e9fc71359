import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.server';
import { createLogger } from '#server/logger.server';
import { TEST_VAPID_ENV } from '#tests/support/fake-push-service';
import { resolveVapidIdentity, VAPID_FILE } from './vapid-keys.server';

let dataDir: string;
const logger = createLogger('silent');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cena-vapid-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('Web Push configuration', () => {
  it('takes both keys or neither, requires them in production, and checks their lengths', () => {
    expect(() => loadConfig({ WEB_PUSH_VAPID_PUBLIC_KEY: TEST_VAPID_ENV.WEB_PUSH_VAPID_PUBLIC_KEY })).toThrow(
      /WEB_PUSH_VAPID_PUBLIC_KEY \/ WEB_PUSH_VAPID_PRIVATE_KEY: set both, or neither/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /WEB_PUSH_VAPID_PUBLIC_KEY \/ WEB_PUSH_VAPID_PRIVATE_KEY: required in production/,
    );
    expect(() => loadConfig({ ...TEST_VAPID_ENV, WEB_PUSH_VAPID_PRIVATE_KEY: 'c2hvcnQ' })).toThrow(
      /WEB_PUSH_VAPID_PRIVATE_KEY: must decode to 32 bytes/,
    );
    expect(() => loadConfig({ WEB_PUSH_SUBJECT: 'http://cena.example' })).toThrow(
      /WEB_PUSH_SUBJECT: must be a mailto: or https: URL/,
    );
    expect(loadConfig({ SUPPORT_EMAIL: 'ajuda@cena.test' }).push.subject).toBe('mailto:ajuda@cena.test');
    expect(loadConfig({ ...TEST_VAPID_ENV, WEB_PUSH_SUBJECT: 'https://cena.example' }).push).toEqual({
      vapidKeys: {
        publicKey: TEST_VAPID_ENV.WEB_PUSH_VAPID_PUBLIC_KEY,
        privateKey: TEST_VAPID_ENV.WEB_PUSH_VAPID_PRIVATE_KEY,
      },
      subject: 'https://cena.example',
      extraOrigins: [],
    });
  });

  it('uses the configured pair when set, writing nothing', async () => {
    const config = loadConfig({ ...TEST_VAPID_ENV, DATA_DIR: path.join(dataDir, 'set') });
    expect(await resolveVapidIdentity(config, logger)).toEqual({
      publicKey: TEST_VAPID_ENV.WEB_PUSH_VAPID_PUBLIC_KEY,
      privateKey: TEST_VAPID_ENV.WEB_PUSH_VAPID_PRIVATE_KEY,
      subject: 'mailto:suporte@cena.app',
    });
    await expect(stat(path.join(config.dataDir, VAPID_FILE))).rejects.toThrow(/ENOENT/);
  });

  it('generates one pair in local mode, private to the owner, and keeps it across restarts', async () => {
    const config = loadConfig({ DATA_DIR: path.join(dataDir, 'fresh') });
    const [a, b] = await Promise.all([
      resolveVapidIdentity(config, logger),
      resolveVapidIdentity(config, logger),
    ]);
    expect(a).toEqual(b);
    expect(Buffer.from(a.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(a.privateKey, 'base64url')).toHaveLength(32);
    expect(await resolveVapidIdentity(config, logger)).toEqual(a);
    const file = path.join(config.dataDir, VAPID_FILE);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      publicKey: a.publicKey,
      privateKey: a.privateKey,
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a stored file that holds no pair', async () => {
    const config = loadConfig({ DATA_DIR: path.join(dataDir, 'broken') });
    await resolveVapidIdentity(config, logger);
    await writeFile(path.join(config.dataDir, VAPID_FILE), '{"publicKey":"abc"}\n');
    await expect(resolveVapidIdentity(config, logger)).rejects.toThrow(/does not hold a VAPID key pair/);
  });
});
