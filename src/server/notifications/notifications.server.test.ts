import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failRequest } from '#server/generation/generate-video.job.server';
import { QUEUES, send } from '#server/jobs/queues.server';
import { createLogger } from '#server/logger.server';
import type { MailMessage } from '#server/mail/mailer.server';
import { waitForMail } from '#tests/support/accounts';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { signedUpIn } from '#tests/support/users';
import { type SeededRequest, seedVideoRequests } from '#tests/support/video-requests';
import { sendVideoNotification } from './video-notify.job.server';

/** The notification settings and the "video ready" e-mail, through the HTTP API and the job on the real server. */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;

beforeAll(async () => {
  ({ app, pool, storageDir } = await startDiskApp('cena-notifications-', {
    LOCAL_RENDER_DELAY_MS: '600000',
  }));
});

afterAll(() => stopDiskApp({ app, pool, storageDir }));

const user = (timezone?: string, language?: 'pt' | 'en') => signedUpIn(app.url, pool, timezone, language);
const seed = (userId: string, rows: SeededRequest[]) => seedVideoRequests(pool, userId, rows);

describe('settings and the video e-mail', () => {
  it('GET/PATCH /api/me/settings, on by default', async () => {
    const gus = await user();
    expect((await gus.client.json('/api/me/settings')).body).toEqual({ notifyOnVideoReady: true });
    const patched = await gus.client.json('/api/me/settings', {
      method: 'PATCH',
      json: { notifyOnVideoReady: false },
    });
    expect(patched).toEqual({ status: 200, body: { notifyOnVideoReady: false } });
    expect((await gus.client.json('/api/me/settings')).body).toEqual({ notifyOnVideoReady: false });
    expect(
      (await gus.client.json('/api/me/settings', { method: 'PATCH', json: { other: true } })).status,
    ).toBe(400);
    expect(
      (await gus.client.json('/api/me/settings', { method: 'PATCH', json: { notifyOnVideoReady: 'no' } }))
        .status,
    ).toBe(400);
    expect((await fetch(`${app.url}/api/me/settings`)).status).toBe(401);
  });

  it('failing a request enqueues the e-mail in the same transaction; the worker sends it in the user language', async () => {
    const hana = await user('Europe/London', 'en');
    const [id] = await seed(hana.userId, [{ status: 'processing', createdAt: new Date().toISOString() }]);
    const boss = app.cena.jobs.boss;
    const failed = await failRequest(pool, id as string, 'Falhou', async (client, requestId) => {
      await send(boss, QUEUES.videoNotify, { requestId }, { db: client });
    });
    expect(failed).toBe(true);
    // The sent-row commits after the e-mail is written (it commits only with a sent e-mail): wait for it first.
    await expect
      .poll(
        async () =>
          (await pool.query('SELECT kind FROM notifications_sent WHERE request_id = $1', [id])).rows,
        { timeout: 15_000 },
      )
      .toEqual([{ kind: 'video_failed' }]);
    const mail = await waitForMail(app.url, hana.email, /could not be generated/);
    expect(mail.links).toEqual([`${app.url}/dashboard/request/${id}`]);
  });

  it('sends once per request even when the job runs twice, and respects the setting', async () => {
    const ivo = await user();
    const [done, quiet] = await seed(ivo.userId, [
      { status: 'completed', createdAt: new Date().toISOString() },
      { status: 'completed', createdAt: new Date().toISOString() },
    ]);
    const sent: MailMessage[] = [];
    const deps = {
      pool,
      boss: app.cena.jobs.boss,
      appUrl: 'https://cena.test',
      logger: createLogger('silent'),
      mailer: {
        devMailbox: false,
        async send(message: MailMessage) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          sent.push(message);
        },
      },
    };
    const outcomes = await Promise.all([
      sendVideoNotification(deps, done as string),
      sendVideoNotification(deps, done as string),
    ]);
    expect(outcomes.sort()).toEqual(['already_sent', 'sent']);
    expect(await sendVideoNotification(deps, done as string)).toBe('already_sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Seu vídeo está pronto — Cena');
    expect(sent[0]?.links).toEqual([`https://cena.test/dashboard/request/${done}`]);

    // A failed send leaves nothing recorded, so the retry sends.
    const flaky = {
      ...deps,
      mailer: { devMailbox: false, send: async () => Promise.reject(new Error('smtp down')) },
    };
    await expect(sendVideoNotification(flaky, quiet as string)).rejects.toThrow('smtp down');
    await ivo.client.json('/api/me/settings', { method: 'PATCH', json: { notifyOnVideoReady: false } });
    expect(await sendVideoNotification(deps, quiet as string)).toBe('disabled');
    expect(sent).toHaveLength(1);
  });

  it('sends one e-mail per submit, once every variation settled, saying how many failed and that their credits are back', async () => {
    const lia = await user();
    const now = new Date().toISOString();
    const ids = (await seed(lia.userId, [
      { status: 'completed', createdAt: now },
      { status: 'processing', createdAt: now },
      { status: 'failed', createdAt: now },
    ])) as [string, string, string];
    await pool.query('UPDATE video_requests SET variation_ids = $1::uuid[] WHERE id = ANY($1::uuid[])', [
      ids,
    ]);
    const sent: MailMessage[] = [];
    const deps = {
      pool,
      boss: app.cena.jobs.boss,
      appUrl: 'https://cena.test',
      logger: createLogger('silent'),
      mailer: { devMailbox: false, send: async (message: MailMessage) => void sent.push(message) },
    };
    expect(await sendVideoNotification(deps, ids[0])).toBe('group_pending');
    expect(await sendVideoNotification(deps, ids[2])).toBe('group_pending');
    expect(sent).toHaveLength(0);

    await pool.query(`UPDATE video_requests SET status = 'completed' WHERE id = $1`, [ids[1]]);
    // The last two jobs run together: one e-mail.
    const outcomes = await Promise.all(ids.map((id) => sendVideoNotification(deps, id)));
    expect(outcomes.sort()).toEqual(['already_sent', 'already_sent', 'sent']);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('2 de 3 variações prontas — Cena');
    expect(sent[0]?.text).toContain(
      '1 variação não pôde ser gerada; os créditos dela foram devolvidos ao seu saldo.',
    );
    expect(sent[0]?.links).toEqual([`https://cena.test/dashboard/request/${ids[0]}`]);
    const rows = await pool.query(
      'SELECT request_id, kind FROM notifications_sent WHERE request_id = ANY($1::uuid[])',
      [ids],
    );
    expect(rows.rows).toEqual([{ request_id: ids[0], kind: 'variations_finished' }]);
  });
});
