import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys } from '#server/media/rendering.server';
import {
  exportedCaptionsSchema,
  exportedInvitationSchema,
  exportedInviteCodeSchema,
  exportedPushSubscriptionSchema,
} from '#shared/account-rights';
import { PASSWORD, signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';

/**
 * What sharing and posting keep, through the real server: the export lists the invite code, the invitations, the
 * push devices (their service's host, never the endpoint URL or its keys) and the captions with their files, in
 * the shape src/shared/account-rights.ts declares; deleting the account deletes all of them.
 */

let app: TestApp;
let storageDir = '';

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'cena-rights-post-'));
  app = await startTestApp({ STORAGE_DIR: storageDir });
});

afterAll(async () => {
  await app?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/segredo-do-endpoint';
const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';
const CUES = [
  { start: 0, end: 1.5, text: 'Olá, pessoal!' },
  { start: 1.5, end: 3, text: 'Bem-vindos à Cena.' },
];

/** An account with an invite code, one invitation each way, a push device and a video with burned captions. */
async function seedPoster(userId: string): Promise<{ requestId: string; captioned: string }> {
  const { pool } = app.cena;
  const requestId = randomUUID();
  const keys = mediaKeys(userId, requestId);
  await pool.query(`INSERT INTO invite_codes (user_id, code) VALUES ($1, $2)`, [userId, `c${Date.now()}`]);
  // The waiting invite's reward date stays ahead: the app's invite sweep moves one whose date has passed.
  await pool.query(
    `INSERT INTO invitations (invitee_user_id, inviter_user_id, created_at, purchase_source, purchase_ref,
       reward_due_at, outcome, rewarded_at)
     VALUES ($1, $2, '2026-11-20T10:00:00Z', 'package', 'p1', '2026-11-21T10:00:00Z', 'rewarded',
             '2026-11-21T10:00:00Z'),
            ($1 || '-2', $2, '2026-11-22T10:00:00Z', 'package', 'p2', '2099-11-29T10:00:00Z', NULL, NULL),
            ($1 || '-3', $2, '2026-11-23T10:00:00Z', 'package', 'p3', '2026-11-30T10:00:00Z', 'same_device', NULL),
            ($2, $3, '2026-11-19T10:00:00Z', NULL, NULL, NULL, NULL, NULL)`,
    [`convidado-${userId}`, userId, `padrinho-${userId}`],
  );
  await pool.query(
    `INSERT INTO invite_marks (user_id, kind, hash) VALUES ($1, 'device', 'marca-do-aparelho')`,
    [userId],
  );
  await pool.query(
    'INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)',
    [userId, `${ENDPOINT}-${userId}`, P256DH, AUTH],
  );
  await app.cena.storage.put(keys.video, Buffer.from('mp4 bytes'), 'video/mp4');
  await app.cena.storage.put(keys.captioned, Buffer.from('captioned mp4 bytes'), 'video/mp4');
  await pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
       video_key, completed_at)
     VALUES ($1, $2, $3, 'Um vídeo que fala', 'fast', '16:9', 10, 'completed', $4, now())`,
    [requestId, userId, randomUUID(), keys.video],
  );
  await pool.query(
    `INSERT INTO video_captions (video_request_id, status, cues, transcribed_by, revision, burn_status,
       burned_revision)
     VALUES ($1, 'ready', $2::jsonb, 'local', 1, 'ready', 1)`,
    [requestId, JSON.stringify(CUES)],
  );
  return { requestId, captioned: keys.captioned };
}

describe('the LGPD export and erasure of invites, push devices and captions', () => {
  it('exports them in the declared shape, never a push endpoint or key, and deletes them with the account', async () => {
    const { client } = await signUpAndVerify(app.url, { name: 'Paula Postadora' });
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    const { requestId, captioned } = await seedPoster(userId);

    const text = await (await client.fetch('/api/me/export')).text();
    const exported = JSON.parse(text);
    expect(exported.inviteCode).toHaveLength(1);
    const code = exportedInviteCodeSchema.parse(exported.inviteCode[0]);
    expect(code.url).toBe(`${app.url}/convite/${code.code}`);
    expect(exported.invitations.map((row: unknown) => exportedInvitationSchema.parse(row))).toEqual([
      {
        role: 'invitee',
        state: 'pending',
        reason: null,
        createdAt: '2026-11-19T10:00:00.000Z',
        rewardAt: null,
        rewardedAt: null,
      },
      {
        role: 'inviter',
        state: 'rewarded',
        reason: null,
        createdAt: '2026-11-20T10:00:00.000Z',
        rewardAt: '2026-11-21T10:00:00.000Z',
        rewardedAt: '2026-11-21T10:00:00.000Z',
      },
      {
        role: 'inviter',
        state: 'waiting',
        reason: null,
        createdAt: '2026-11-22T10:00:00.000Z',
        rewardAt: '2099-11-29T10:00:00.000Z',
        rewardedAt: null,
      },
      {
        role: 'inviter',
        state: 'not_counted',
        reason: 'same_device',
        createdAt: '2026-11-23T10:00:00.000Z',
        rewardAt: '2026-11-30T10:00:00.000Z',
        rewardedAt: null,
      },
    ]);
    expect(
      exported.pushSubscriptions.map((row: unknown) => exportedPushSubscriptionSchema.parse(row)),
    ).toEqual([{ endpointHost: 'fcm.googleapis.com', createdAt: expect.any(String) }]);
    // The endpoint URL and the keys let anyone send to the device: none of them is in the document.
    for (const secret of ['segredo-do-endpoint', P256DH, AUTH]) expect(text).not.toContain(secret);
    // Nor does it name the other side of an invitation.
    expect(text).not.toMatch(/convidado-|padrinho-/);

    const [captions] = exported.captions.map((row: unknown) => exportedCaptionsSchema.parse(row));
    expect(captions).toMatchObject({ requestId, status: 'ready', revision: 1, cues: CUES });
    expect(captions.files.vtt).toMatch(/^WEBVTT\n/);
    expect(captions.files.vtt).toContain('00:00:01.500 --> 00:00:03.000\nBem-vindos à Cena.');
    const burned = await fetch(captions.files.burnedIn);
    expect(burned.status).toBe(200);
    expect(await burned.text()).toBe('captioned mp4 bytes');

    const deleted = await client.json('/api/me', { method: 'DELETE', json: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await app.cena.pool.query('SELECT completed_at FROM account_deletions WHERE user_id = $1', [
              userId,
            ])
          ).rows[0]?.completed_at,
        { timeout: 20_000 },
      )
      .toBeTruthy();
    const left = async (sql: string, value: string = userId) =>
      (await app.cena.pool.query(sql, [value])).rowCount;
    expect(await left('SELECT 1 FROM invite_codes WHERE user_id = $1')).toBe(0);
    // Not a rewarded invitee: its invite marks stop nothing any more (ADR 0046).
    expect(await left('SELECT 1 FROM invite_marks WHERE user_id = $1')).toBe(0);
    expect(await left('SELECT 1 FROM push_subscriptions WHERE user_id = $1')).toBe(0);
    expect(await left('SELECT 1 FROM video_captions WHERE video_request_id = $1', requestId)).toBe(0);
    expect(await app.cena.storage.exists(captioned)).toBe(false);
  }, 60_000);
});
