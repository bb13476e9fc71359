import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { grant } from '#server/credits/ledger-grants.server';
import { balance } from '#server/credits/ledger-reads.server';
import { failRequest } from '#server/generation/generate-video.job.server';
import { lastFrameKey } from '#server/media/media.server';
import type { Story } from '#shared/stories';
import { mailsTo, waitForMail } from '#tests/support/accounts';
import { type DiskApp, startDiskApp, stopDiskApp } from '#tests/support/app';
import { signedUpIn } from '#tests/support/users';

/**
 * The stories' sweep and a continuity shot whose shot before failed (ADR 0062): it never opens, so the sweep fails
 * it and gives its credits back — and the user is told as of any failed video (the e-mail of the notifications
 * room, its push and live event), exactly once however many sweeps see it. Local mode; the renders never finish
 * here (LOCAL_RENDER_DELAY_MS), so nothing but the forced failure settles a shot.
 */

let running: DiskApp;
let pool: pg.Pool;

beforeAll(async () => {
  running = await startDiskApp('cena-story-advance-', {
    LOCAL_RENDER_DELAY_MS: '600000',
    STORY_ADVANCE_INTERVAL_MS: '100',
  });
  pool = running.pool;
}, 60_000);

afterAll(() => stopDiskApp(running));

const FAILED_SUBJECT = /^Não foi possível gerar seu vídeo/;

describe('a continuity shot whose shot before failed', () => {
  it('is failed, refunded and notified once', async () => {
    const { client, userId, email } = await signedUpIn(running.app.url, pool);
    await grant(pool, {
      userId,
      amount: 500,
      source: 'adjustment',
      sourceRef: randomUUID(),
      expiresAt: null,
    });
    const created = await client.json<{ story: Story }>('/api/stories', {
      method: 'POST',
      json: { idea: 'A padaria abre de manhã. O pão sai do forno.', targetSeconds: 15 },
    });
    expect(created.status).toBe(201);
    const path = `/api/stories/${created.body.story.id}`;
    const edited = await client.json<{ story: Story }>(path, {
      method: 'PATCH',
      json: {
        shots: [
          { prompt: 'A padaria abre de manhã.', seconds: 5 },
          { prompt: 'O pão sai do forno.', seconds: 5, join: 'continue' },
        ],
      },
    });
    expect(edited.status).toBe(200);
    const start = await balance(pool, userId);
    const drafted = await client.json<{ requestIds: string[] }>(`${path}/drafts`, {
      method: 'POST',
      json: { clientKey: randomUUID() },
    });
    expect(drafted.status).toBe(201);
    const [before, continuity] = drafted.body.requestIds as [string, string];
    const stored = await pool.query(
      'SELECT opens_on_request_id, first_frame_key, status, dispatched_at FROM video_requests WHERE id = $1',
      [continuity],
    );
    // It opens on the shot before's last frame and waits for it, out of the fair queue's line.
    expect(stored.rows[0]).toMatchObject({
      opens_on_request_id: before,
      first_frame_key: lastFrameKey(userId, before),
      status: 'pending',
      dispatched_at: null,
    });

    // The shot before fails (refunded by the pipeline as any failed video).
    expect(await failRequest(pool, before, 'O modelo recusou.')).toBe(true);
    const mail = await waitForMail(running.app.url, email, FAILED_SUBJECT, { timeoutMs: 20_000 });
    expect(mail.links.some((link) => link.endsWith(`/dashboard/request/${continuity}`))).toBe(true);
    const failed = await pool.query(
      `SELECT r.status, r.error_message, h.status AS hold FROM video_requests r JOIN credit_holds h ON h.id = r.hold_id
       WHERE r.id = $1`,
      [continuity],
    );
    expect(failed.rows[0]).toMatchObject({ status: 'failed', hold: 'voided' });
    expect(failed.rows[0]?.error_message).toMatch(/^A cena anterior não foi gerada/);
    expect(await balance(pool, userId)).toBe(start);
    expect(await audit(pool, userId)).toEqual([]);

    // Many sweeps later, still one notice for it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const notices = await pool.query(`SELECT kind FROM notifications_sent WHERE request_id = $1`, [
      continuity,
    ]);
    expect(notices.rows).toEqual([{ kind: 'video_failed' }]);
    expect(
      (await mailsTo(running.app.url, email)).filter((m) => FAILED_SUBJECT.test(m.subject)),
    ).toHaveLength(1);
  }, 120_000);
});
