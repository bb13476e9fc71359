import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { grant } from '#server/credits/ledger-grants.server';
import { createLogger } from '#server/logger.server';
import { mediaKeys } from '#server/media/rendering.server';
import { LocalPaymentProvider } from '#server/payment-providers/local-checkout.server';
import type { BlobStorage } from '#server/storage/blob-storage.server';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { completeAccountDeletion } from './account-deletion.server';

/**
 * A create whose session was checked just before the sign-out of `DELETE /api/me` can commit its request and hold
 * while the deletion job is already deleting: the deletion must still end with the hold refunded and nothing left.
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ LOCAL_RENDER_DELAY_MS: '600000' });
});

afterAll(async () => {
  await app?.stop();
});

it('a request created mid-deletion is refunded and deleted before the account is', async () => {
  const { client } = await signUpAndVerify(app.url);
  const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
  const { pool, storage } = app.cena;
  await grant(pool, {
    userId,
    amount: 100,
    source: 'adjustment',
    sourceRef: `race-${userId}`,
    expiresAt: null,
  });
  const requestId = randomUUID();
  const keys = mediaKeys(userId, requestId);
  await storage.put(keys.video, Buffer.from('mp4 bytes'), 'video/mp4');
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
       video_key, completed_at)
     VALUES ($1, $2, $3, 'Um barco no lago', 'fast', '16:9', 10, 'completed', $4, now())`,
    [requestId, userId, randomUUID(), keys.video],
  );
  await pool.query('INSERT INTO account_deletions (user_id) VALUES ($1)', [userId]);

  // The first file deletion lets a create through, as a request racing the sign-out would.
  let raced = false;
  const racingStorage: BlobStorage = Object.assign(Object.create(storage) as BlobStorage, {
    async delete(key: string) {
      if (!raced) {
        raced = true;
        const form = new FormData();
        form.append('prompt', 'Um farol ao entardecer visto do mar');
        form.append('quality', 'fast');
        form.append('aspectRatio', '16:9');
        form.append('clientKey', randomUUID());
        const created = await fetch(`${app.url}/api/videos`, {
          method: 'POST',
          body: form,
          headers: { cookie: client.cookieHeader, origin: app.url, 'x-forwarded-for': client.address },
        });
        expect(created.status).toBe(201);
      }
      await storage.delete(key);
    },
  });
  const deps = {
    pool,
    storage: racingStorage,
    provider: new LocalPaymentProvider(pool, app.url, 'test'),
    logger: createLogger('silent'),
  };

  expect(await completeAccountDeletion(deps, userId)).toBe(true);
  expect(raced).toBe(true);

  const left = async (sql: string) => (await pool.query(sql, [userId])).rowCount;
  expect(await left('SELECT 1 FROM "user" WHERE id = $1')).toBe(0);
  expect(await left('SELECT 1 FROM video_requests WHERE user_id = $1')).toBe(0);
  expect(await left(`SELECT 1 FROM credit_holds WHERE user_id = $1 AND status = 'pending'`)).toBe(0);
  expect(await left(`SELECT 1 FROM credit_holds WHERE user_id = $1 AND status = 'voided'`)).toBe(1);
});
