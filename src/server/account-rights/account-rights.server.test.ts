import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '#server/credits/ledger-grants.server';
import { GeminiClient } from '#server/gemini/gemini-client.server';
import { GeminiVideoProvider } from '#server/gemini/gemini-provider.server';
import { createLogger } from '#server/logger.server';
import { mediaKeys } from '#server/media/rendering.server';
import { LocalPaymentProvider } from '#server/payment-providers/local-checkout.server';
import type { VideoGenerationInput } from '#server/video-providers/video-provider.server';
import { EXPORTS_PER_WINDOW } from '#shared/account-rights';
import { ADULT_BIRTH_DATE, PASSWORD, signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { API_KEY, type FakeGemini, startFakeGemini } from '#tests/support/fake-gemini';
import { SessionClient } from '#tests/support/session-client';
import { completeAccountDeletion } from './account-deletion.server';

/**
 * The LGPD rights through the real server: `GET /api/me/export` answers the user's own data and nobody else's;
 * `DELETE /api/me` checks the password (and two-factor code), signs out, deletes profile, requests and media, keeps
 * payments and the ledger without personal data, and frees the e-mail.
 */

let app: TestApp;
let storageDir = '';

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'cena-rights-'));
  app = await startTestApp({ STORAGE_DIR: storageDir });
});

afterAll(async () => {
  await app?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

/** The `account-delete` job has finished the user's deletion. */
async function deletionCompleted(userId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await app.cena.pool.query('SELECT completed_at FROM account_deletions WHERE user_id = $1', [userId]))
          .rows[0]?.completed_at,
      { timeout: 20_000 },
    )
    .toBeTruthy();
}

async function userIdOf(client: SessionClient): Promise<string> {
  return (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
}

/**
 * A completed request with its video and thumbnail in storage, a package grant and its payment, and an Elenco
 * character with its image and the date of its consent statement.
 */
async function seedCustomer(userId: string, prompt: string): Promise<{ requestId: string; keys: string[] }> {
  const requestId = randomUUID();
  const keys = mediaKeys(userId, requestId);
  const firstFrameKey = `${userId}/${Date.now()}-referencia.png`;
  const lastFrameKey = `${userId}/${Date.now()}-ultimo-quadro.png`;
  const characterKey = `${userId}/${Date.now()}-personagem.png`;
  await app.cena.storage.put(keys.video, Buffer.from('mp4 bytes'), 'video/mp4');
  await app.cena.storage.put(keys.thumbnail, Buffer.from('jpeg bytes'), 'image/jpeg');
  const castKey = `${userId}/cast/${Date.now()}-1-ana.png`;
  for (const key of [firstFrameKey, lastFrameKey, characterKey, castKey]) {
    await app.cena.storage.put(key, Buffer.from('png bytes'), 'image/png');
  }
  await app.cena.pool.query(
    `INSERT INTO cast_members (user_id, name, kind, image_keys, likeness_consent_at)
     VALUES ($1, 'Ana do Elenco', 'character', $2, '2026-11-20T10:00:00Z')`,
    [userId, [castKey]],
  );
  await app.cena.pool.query(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
       video_key, thumbnail_key, first_frame_key, last_frame_key, reference_image_keys, completed_at)
     VALUES ($1, $2, $3, $4, 'fast', '16:9', 10, 'completed', $5, $6, $7, $8, $9, now())`,
    [
      requestId,
      userId,
      randomUUID(),
      prompt,
      keys.video,
      keys.thumbnail,
      firstFrameKey,
      lastFrameKey,
      [characterKey],
    ],
  );
  await grant(app.cena.pool, {
    userId,
    amount: 100,
    source: 'package',
    sourceRef: `cs_${userId}`,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  await app.cena.pool.query(
    `INSERT INTO transactions (user_id, type, amount, description, provider_ref)
     VALUES ($1, 'payment', 10990, 'Pacote de 100 créditos', $2)`,
    [userId, `cs_${userId}`],
  );
  return {
    requestId,
    keys: [keys.video, keys.thumbnail, firstFrameKey, lastFrameKey, characterKey, castKey],
  };
}

describe('GET /api/me/export', () => {
  it("downloads the user's own data as a JSON attachment, and nobody else's", async () => {
    const { client, email } = await signUpAndVerify(app.url, { name: 'Clara Export' });
    const other = await signUpAndVerify(app.url, { name: 'Outra Pessoa' });
    const userId = await userIdOf(client);
    const { requestId } = await seedCustomer(userId, 'Um farol ao entardecer visto do mar');
    await seedCustomer(await userIdOf(other.client), 'Pedido secreto de outra pessoa');

    const response = await client.fetch('/api/me/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cena-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({
      id: userId,
      email,
      name: 'Clara Export',
      language: 'pt',
      birthDate: ADULT_BIRTH_DATE,
    });
    expect(data.settings).toEqual({ notifyOnVideoReady: true });
    expect(data.payments).toEqual([
      expect.objectContaining({ type: 'payment', amount: 10990, unit: 'BRL_cents' }),
    ]);
    expect(data.creditGrants).toEqual([expect.objectContaining({ amount: 100, source: 'package' })]);
    expect(data.ledgerEntries).toEqual([expect.objectContaining({ kind: 'grant', amount: 100 })]);
    expect(data.sessions).toContainEqual(expect.objectContaining({ current: true }));
    // A session's token is its bearer credential: neither its field nor its value goes into the file.
    for (const exported of data.sessions) expect(exported).not.toHaveProperty('token');
    const tokens = await app.cena.pool.query<{ token: string }>(
      'SELECT token FROM session WHERE user_id = $1',
      [userId],
    );
    expect(tokens.rows.length).toBeGreaterThan(0);
    for (const { token } of tokens.rows) expect(text).not.toContain(token);
    expect(data.cast).toEqual([
      expect.objectContaining({
        name: 'Ana do Elenco',
        kind: 'character',
        likenessConsentAt: '2026-11-20T10:00:00.000Z',
        images: [expect.any(String)],
      }),
    ]);
    expect((await fetch(data.cast[0].images[0])).status).toBe(200);
    expect(data.videoRequests).toHaveLength(1);
    const [request] = data.videoRequests;
    expect(request).toMatchObject({
      id: requestId,
      prompt: 'Um farol ao entardecer visto do mar',
      status: 'completed',
    });
    // Nothing of this request went to Google.
    expect(request.providerRecord).toBeNull();
    expect(request.media.firstFrame).toEqual(expect.any(String));
    // The first frame's old name, kept for one release.
    expect(request.media.referenceImage).toBe(request.media.firstFrame);
    expect(request.media.lastFrame).toEqual(expect.any(String));
    expect(request.media.referenceImages).toEqual([expect.any(String)]);
    // The signed link works.
    const video = await fetch(request.media.video);
    expect(video.status).toBe(200);
    expect(Buffer.from(await video.arrayBuffer()).toString()).toBe('mp4 bytes');

    expect(text).not.toContain(other.email);
    expect(text).not.toContain('Pedido secreto');
  });

  it('is gzip-encoded for a client that takes gzip, and plain JSON for one that does not', async () => {
    const { client } = await signUpAndVerify(app.url);
    const zipped = await client.fetch('/api/me/export', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(await zipped.text()).videoRequests).toEqual([]);
    const plain = await client.fetch('/api/me/export', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await plain.text()).videoRequests).toEqual([]);
  });

  it('needs a session and is rate-limited', async () => {
    expect((await new SessionClient(app.url).fetch('/api/me/export')).status).toBe(401);
    const { client } = await signUpAndVerify(app.url);
    for (let i = 0; i < EXPORTS_PER_WINDOW; i++) {
      const ok = await client.fetch('/api/me/export');
      expect(ok.status).toBe(200);
      await ok.body?.cancel();
    }
    const limited = await client.fetch('/api/me/export');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).error.code).toBe('too_many_exports');
  });
});

describe('DELETE /api/me', () => {
  const deleteMe = (client: SessionClient, json: unknown) =>
    client.json('/api/me', { method: 'DELETE', json });

  it('refuses without a session (401) and with a wrong password (403), changing nothing', async () => {
    expect((await deleteMe(new SessionClient(app.url), { password: PASSWORD })).status).toBe(401);
    const { client } = await signUpAndVerify(app.url);
    const wrong = await deleteMe(client, { password: 'not the password' });
    expect(wrong.status).toBe(403);
    expect((wrong.body as { error: { code: string } }).error.code).toBe('wrong_password');
    expect((await client.json('/api/me')).status).toBe(200);
    expect((await deleteMe(client, { password: PASSWORD, extra: 1 })).status).toBe(400);
  });

  it('deletes the account: signed out, sign-in refused, media gone, payments kept without personal data', async () => {
    const { client, email } = await signUpAndVerify(app.url, { name: 'Bruno Apagado' });
    const laptop = client.anotherDevice();
    await laptop.json('/api/auth/sign-in/email', { json: { email, password: PASSWORD } });
    const userId = await userIdOf(client);
    const { keys } = await seedCustomer(userId, 'Prompt pessoal que deve sumir');
    await app.cena.pool.query(
      `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_id, billing_period, status,
         current_period_start, current_period_end)
       VALUES ($1, 'local', $2, 'starter', 'monthly', 'active', now(), now() + interval '30 days')`,
      [userId, `sub_local_${userId}`],
    );

    const deleted = await deleteMe(client, { password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deleted: true });
    expect((await client.json('/api/me')).status).toBe(401);
    expect((await laptop.json('/api/me')).status).toBe(401);
    const signIn = await new SessionClient(app.url).json('/api/auth/sign-in/email', {
      json: { email, password: PASSWORD },
    });
    expect(signIn.status).toBe(401);

    await deletionCompleted(userId);
    for (const key of keys) expect(await app.cena.storage.exists(key)).toBe(false);
    const left = async (sql: string) => (await app.cena.pool.query(sql, [userId])).rowCount;
    expect(await left('SELECT 1 FROM "user" WHERE id = $1')).toBe(0);
    expect(await left('SELECT 1 FROM video_requests WHERE user_id = $1')).toBe(0);
    expect(await left('SELECT 1 FROM cast_members WHERE user_id = $1')).toBe(0);
    expect(await left('SELECT 1 FROM subscriptions WHERE user_id = $1')).toBe(0);
    expect(await left('SELECT 1 FROM session WHERE user_id = $1')).toBe(0);
    // Kept 5 years, with nothing that names the person.
    const payments = await app.cena.pool.query('SELECT * FROM transactions WHERE user_id = $1', [userId]);
    expect(payments.rows).toEqual([expect.objectContaining({ amount: 10990, type: 'payment' })]);
    expect(JSON.stringify(payments.rows)).not.toMatch(/Bruno|Prompt pessoal|@example\.com/);
    expect(await left('SELECT 1 FROM credit_ledger_entries WHERE user_id = $1')).toBe(1);

    // The e-mail signs up again as a new account.
    const again = await signUpAndVerify(app.url, { email, name: 'Bruno de Novo' });
    const newId = await userIdOf(again.client);
    expect(newId).not.toBe(userId);
    expect((await again.client.json<{ balance: number }>('/api/credits')).body.balance).toBe(0);

    // Idempotent: running the deletion again changes nothing and reports it complete.
    const deps = {
      pool: app.cena.pool,
      storage: app.cena.storage,
      provider: new LocalPaymentProvider(app.cena.pool, app.url, 'test'),
      logger: createLogger('silent'),
    };
    expect(await completeAccountDeletion(deps, userId)).toBe(true);
  });

  it('exports a film with its scenes and a story with its shots, and deletes them and their media with the account', async () => {
    const { client } = await signUpAndVerify(app.url, { name: 'Davi Cineasta' });
    const userId = await userIdOf(client);
    // One video used twice: a film may repeat a scene.
    const scene = await seedCustomer(userId, 'Cena na praia e no farol');
    const filmId = randomUUID();
    const filmKeys = mediaKeys(userId, filmId);
    await app.cena.storage.put(filmKeys.video, Buffer.from('film bytes'), 'video/mp4');
    await app.cena.storage.put(filmKeys.thumbnail, Buffer.from('jpeg bytes'), 'image/jpeg');
    await app.cena.pool.query(
      `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
         film, video_key, thumbnail_key, delivered_seconds, completed_at)
       VALUES ($1, $2, $3, 'Da praia ao farol', 'fast', '16:9', 0, 'completed', true, $4, $5, 9.5, now())`,
      [filmId, userId, randomUUID(), filmKeys.video, filmKeys.thumbnail],
    );
    await app.cena.pool.query(
      `INSERT INTO film_scenes (film_id, position, source_request_id, start_seconds, end_seconds)
       VALUES ($1, 1, $2, 0, 4.5), ($1, 2, $3, 3, 8)`,
      [filmId, scene.requestId, scene.requestId],
    );

    // A story (ADR 0062) with one shot whose take is that scene.
    const story = await app.cena.pool.query<{ id: string }>(
      `INSERT INTO stories (user_id, title, idea, aspect_ratio, target_seconds, planned_by)
       VALUES ($1, 'Praia', 'Ana chega à praia. Ana diz: "Que mar!"', '9:16', 15, 'rules') RETURNING id`,
      [userId],
    );
    await app.cena.pool.query(
      `INSERT INTO story_shots (story_id, position, prompt, seconds, dialogue, take_ids)
       VALUES ($1, 1, 'Ana diz', 5, '{"speaker":"Ana","line":"Que mar!"}', ARRAY[$2]::uuid[])`,
      [story.rows[0]?.id, scene.requestId],
    );

    const data = await (await client.fetch('/api/me/export')).json();
    expect(data.videoRequests).toContainEqual(
      expect.objectContaining({ id: filmId, prompt: 'Da praia ao farol', film: true, creditsUsed: 0 }),
    );
    expect(data.stories).toEqual([
      expect.objectContaining({
        id: story.rows[0]?.id,
        idea: 'Ana chega à praia. Ana diz: "Que mar!"',
        shots: [
          expect.objectContaining({
            position: 1,
            prompt: 'Ana diz',
            seconds: 5,
            dialogue: { speaker: 'Ana', line: 'Que mar!' },
            takeIds: [scene.requestId],
          }),
        ],
      }),
    ]);
    expect(data.filmScenes).toEqual([
      { filmId, position: 1, sourceRequestId: scene.requestId, startSeconds: 0, endSeconds: 4.5 },
      { filmId, position: 2, sourceRequestId: scene.requestId, startSeconds: 3, endSeconds: 8 },
    ]);

    expect((await deleteMe(client, { password: PASSWORD })).status).toBe(200);
    await deletionCompleted(userId);
    const storiesLeft = await app.cena.pool.query('SELECT 1 FROM stories WHERE user_id = $1', [userId]);
    expect(storiesLeft.rowCount).toBe(0);
    for (const key of [filmKeys.video, filmKeys.thumbnail, ...scene.keys]) {
      expect(await app.cena.storage.exists(key)).toBe(false);
    }
    const scenesLeft = await app.cena.pool.query('SELECT 1 FROM film_scenes WHERE film_id = $1', [filmId]);
    expect(scenesLeft.rowCount).toBe(0);
  });

  it('asks for the two-factor code when it is on', async () => {
    const { client } = await signUpAndVerify(app.url);
    const enabled = await client.json<{ totpURI: string }>('/api/auth/two-factor/enable', {
      json: { password: PASSWORD },
    });
    const secret = new URL(enabled.body.totpURI).searchParams.get('secret') ?? '';
    const otp = createOTP(new TextDecoder().decode(base32.decode(secret)));
    // The next 30 s step's code, which the verifier's window accepts: the current one was spent enrolling.
    const nextCode = () => otp.hotp(Math.floor(Date.now() / 30_000) + 1);
    const enrolmentCode = await otp.totp();
    expect(
      (await client.json('/api/auth/two-factor/verify-totp', { json: { code: enrolmentCode } })).status,
    ).toBe(200);

    const missing = await deleteMe(client, { password: PASSWORD });
    expect(missing.status).toBe(403);
    expect((missing.body as { error: { code: string } }).error.code).toBe('two_factor_required');
    const wrong = await deleteMe(client, { password: PASSWORD, code: '000000' });
    expect(wrong.status).toBe(403);
    expect((await client.json('/api/me')).status).toBe(200);
    // The code that confirmed the enrolment is used: it does not close the account.
    const reused = await deleteMe(client, { password: PASSWORD, code: enrolmentCode });
    expect((reused.body as { error: { code: string } }).error.code).toBe('wrong_two_factor_code');
    expect((await deleteMe(client, { password: PASSWORD, code: await nextCode() })).status).toBe(200);
    expect((await client.json('/api/me')).status).toBe(401);
  });

  it('stops guessing: after 5 checks in 15 minutes the next answers 429, even with the right password', async () => {
    const { client } = await signUpAndVerify(app.url);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await deleteMe(client, { password: `guess ${attempt}` })).status).toBe(403);
    }
    const locked = await deleteMe(client, { password: PASSWORD });
    expect(locked.status).toBe(429);
    expect((locked.body as { error: { code: string } }).error.code).toBe('too_many_attempts');
    expect((await client.json('/api/me')).status).toBe(200);
  });
});

describe('erasure reaches the video provider', () => {
  let gemini: FakeGemini;
  beforeAll(async () => {
    gemini = await startFakeGemini();
  });
  afterAll(async () => {
    await gemini?.stop();
  });

  const OMNI = 'gemini-omni-1.1-flash';
  const provider = () =>
    new GeminiVideoProvider(
      new GeminiClient({
        apiKey: API_KEY,
        apiBase: gemini.base,
        retry: { attempts: 2, initialDelayMs: 5, maxDelayMs: 10 },
      }),
      { fast: OMNI, quality: OMNI },
    );
  const input = (prompt: string): VideoGenerationInput => ({
    requestId: randomUUID(),
    prompt,
    userPrompt: prompt,
    negativePrompt: undefined,
    quality: 'fast',
    resolution: '720p',
    clipSeconds: 8,
    aspectRatio: '16:9',
    seed: null,
    image: undefined,
  });

  async function storedRequest(userId: string, operationName: string, status: string): Promise<void> {
    await app.cena.pool.query(
      `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
         operation_name, provider, model, provider_project, started_at)
       VALUES ($1, $2, $3, 'Um segredo meu', 'fast', '16:9', 10, $4, $5, 'gemini', $6, 'default', now())`,
      [randomUUID(), userId, randomUUID(), status, operationName, OMNI],
    );
  }

  it("the export names what Google holds; deletion deletes each of the user's interactions at Google, and no one else's", async () => {
    const { client } = await signUpAndVerify(app.url, { name: 'Dora Apagada' });
    const userId = await userIdOf(client);
    const done = (await provider().submit(input('Um farol ao entardecer'))).operationName;
    const running = (await provider().submit(input('Um trem ainda gerando'))).operationName;
    const someoneElses = (await provider().submit(input('Pedido de outra pessoa'))).operationName;
    const other = await signUpAndVerify(app.url);
    await storedRequest(userId, done, 'completed');
    await storedRequest(userId, running, 'generating');
    await storedRequest(await userIdOf(other.client), someoneElses, 'completed');

    const exported = JSON.parse(await (await client.fetch('/api/me/export')).text());
    const records = exported.videoRequests.map(
      (request: { providerRecord: unknown }) => request.providerRecord,
    );
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record).toMatchObject({
        provider: 'Google (Gemini API, Interactions)',
        id: expect.stringMatching(/^interactions\//),
        held: 'o prompt, as imagens enviadas e o vídeo gerado',
        keptUntil: expect.any(String),
      });
      // 55 days after it was sent.
      const days = (Date.parse(record.keptUntil) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(54.9);
      expect(days).toBeLessThan(55.1);
    }

    await app.cena.pool.query('INSERT INTO account_deletions (user_id) VALUES ($1)', [userId]);
    const deps = {
      pool: app.cena.pool,
      storage: app.cena.storage,
      provider: new LocalPaymentProvider(app.cena.pool, app.url, 'test'),
      videoProviderFor: () => provider(),
      logger: createLogger('silent'),
    };
    expect(await completeAccountDeletion(deps, userId)).toBe(true);
    const idOf = (name: string) => name.replace('interactions/', '');
    expect(gemini.deleted.sort()).toEqual([idOf(done), idOf(running)].sort());
    // The one still generating was stopped first.
    expect(gemini.cancelled).toEqual([idOf(running)]);
    expect(gemini.deleted).not.toContain(idOf(someoneElses));
    // Run again (a retried job): nothing left to ask Google.
    expect(await completeAccountDeletion(deps, userId)).toBe(true);
  }, 60_000);

  it("a replaced take's interaction still at Google is in the export, and erasure deletes it there", async () => {
    const { client } = await signUpAndVerify(app.url, { name: 'Teo Refeito' });
    const userId = await userIdOf(client);
    const replaced = (await provider().submit(input('Um take que foi refeito'))).operationName;
    const requestId = randomUUID();
    await app.cena.pool.query(
      `INSERT INTO provider_leftovers (operation_name, user_id, request_id, provider_project, reason, sent_at)
       VALUES ($1, $2, $3, 'default', 'replaced_take', now())`,
      [replaced, userId, requestId],
    );

    const exported = JSON.parse(await (await client.fetch('/api/me/export')).text());
    expect(exported.otherProviderRecords).toEqual([
      {
        requestId,
        reason: 'replaced_take',
        record: {
          provider: 'Google (Gemini API, Interactions)',
          id: replaced,
          held: 'o prompt, as imagens enviadas e o vídeo gerado',
          keptUntil: expect.any(String),
        },
      },
    ]);

    await app.cena.pool.query('INSERT INTO account_deletions (user_id) VALUES ($1)', [userId]);
    const deps = {
      pool: app.cena.pool,
      storage: app.cena.storage,
      provider: new LocalPaymentProvider(app.cena.pool, app.url, 'test'),
      videoProviderFor: () => provider(),
      logger: createLogger('silent'),
    };
    expect(await completeAccountDeletion(deps, userId)).toBe(true);
    expect(gemini.deleted).toContain(replaced.replace('interactions/', ''));
    const left = await app.cena.pool.query('SELECT 1 FROM provider_leftovers WHERE user_id = $1', [userId]);
    expect(left.rowCount).toBe(0);
  }, 60_000);
});
