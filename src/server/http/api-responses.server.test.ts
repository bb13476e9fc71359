import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '#server/accounts/roles.server';
import type { Operation } from '#shared/api-contract';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import { tinyPng } from '#tests/support/images';
import type { SessionClient } from '#tests/support/session-client';
import { API_OPERATIONS, documentedOperations, responseSchemaOf } from './openapi.server';

/**
 * Every documented JSON endpoint, called for real on a local-mode server, answers a body its documented schema
 * (src/shared) accepts — the schema the web infers its types from and the OpenAPI document publishes.
 */

let app: TestApp;
let pool: pg.Pool;
let client: SessionClient;
let userId: string;

beforeAll(async () => {
  app = await startTestApp({ LOCAL_RENDER_DELAY_MS: '600000', SHUTDOWN_TIMEOUT_MS: '2000' });
  pool = testPool({ connectionString: app.databaseUrl, max: 2 });
  ({ client } = await signUpAndVerify(app.url));
  userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
  await grantRole(pool, userId, 'admin');
});

afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

const checked = new Set<string>();

function operation(method: string, path: string): Operation {
  const found = API_OPERATIONS.find((op) => op.method === method && op.path === path);
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
}

/** Calls one operation and checks its answer against the documented schema of the status it got. */
async function call(
  method: Operation['method'],
  path: string,
  url: string,
  request: { json?: unknown; form?: FormData } = {},
): Promise<unknown> {
  const response = request.form
    ? await fetch(`${app.url}${url}`, {
        method: 'POST',
        body: request.form,
        headers: { cookie: client.cookieHeader, origin: app.url, 'x-forwarded-for': client.address },
      })
    : await client.fetch(url, { method: method.toUpperCase(), json: request.json });
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBeLessThan(500);
  const schema = responseSchemaOf(operation(method, path), response.status);
  expect(schema, `${method} ${path} documents no schema for ${response.status}`).toBeDefined();
  const result = schema?.safeParse(body);
  expect(result?.success, JSON.stringify(result?.error?.issues)).toBe(true);
  checked.add(`${method} ${path}`);
  return body;
}

describe('real answers match the documented response schemas', () => {
  it('accounts, credits, videos and the dashboard', async () => {
    await call('get', '/api/openapi.json', '/api/openapi.json');
    await call('get', '/api/me', '/api/me');
    await call('patch', '/api/me/profile', '/api/me/profile', { json: { name: 'Ana Schema' } });
    // The account has its birth date from the sign-up: the answer is the documented 409.
    await call('post', '/api/me/birth-date', '/api/me/birth-date', { json: { birthDate: '1990-05-17' } });
    await call('get', '/api/me/settings', '/api/me/settings');
    await call('patch', '/api/me/settings', '/api/me/settings', { json: { notifyOnVideoReady: false } });
    await call('post', '/api/admin/users/{id}/credits', `/api/admin/users/${userId}/credits`, {
      json: { amount: 100, reason: 'Créditos de teste', idempotencyKey: randomUUID() },
    });
    await call('get', '/api/credits', '/api/credits');
    await call('get', '/api/videos/availability', '/api/videos/availability');
    await call('get', '/api/videos/queue', '/api/videos/queue');
    const preview = (await call('post', '/api/videos/prompt-preview', '/api/videos/prompt-preview', {
      json: { prompt: 'Um gato laranja dormindo ao sol na janela' },
    })) as { structuredPrompt: Record<string, string> };
    const form = new FormData();
    form.append('prompt', 'Um gato laranja dormindo ao sol na janela');
    form.append('quality', 'fast');
    form.append('aspectRatio', '16:9');
    form.append('clientKey', randomUUID());
    const castForm = new FormData();
    castForm.append('name', 'Gato Laranja');
    castForm.append('kind', 'character');
    castForm.append('likenessConsent', 'true');
    castForm.append('images', new Blob([new Uint8Array(tinyPng())]), 'gato.png');
    const saved = (await call('post', '/api/cast', '/api/cast', { form: castForm })) as {
      member: { id: string };
    };
    await call('get', '/api/cast', '/api/cast');
    await call('patch', '/api/cast/{id}', `/api/cast/${saved.member.id}`, { json: { name: 'Tigrão' } });
    form.append('castIds', saved.member.id);
    form.append('variations', '2');
    form.append(
      'structuredPrompt',
      JSON.stringify({ ...preview.structuredPrompt, camera: 'close-up lento' }),
    );
    const created = (await call('post', '/api/videos', '/api/videos', { form })) as {
      request: { id: string };
      group: unknown[];
    };
    expect(created.group).toHaveLength(2);
    await call('delete', '/api/cast/{id}', `/api/cast/${saved.member.id}`);
    await call('get', '/api/videos/{id}', `/api/videos/${created.request.id}`);
    // Rendering waits 10 minutes here: the request is marked completed so it can be extended and edited.
    await pool.query(
      `UPDATE video_requests SET status = 'completed', completed_at = now(), resolution = '1280x720',
         delivered_seconds = 8 WHERE id = $1`,
      [created.request.id],
    );
    // Completed without a file yet: the share link is refused (409), and revoking finds no link.
    await call('post', '/api/videos/{id}/share', `/api/videos/${created.request.id}/share`);
    await call('delete', '/api/videos/{id}/share', `/api/videos/${created.request.id}/share`);
    const extension = (await call(
      'post',
      '/api/videos/{id}/extensions',
      `/api/videos/${created.request.id}/extensions`,
      {
        json: { prompt: 'O gato acorda e se espreguiça', clientKey: randomUUID() },
      },
    )) as { request: { kind: string } };
    expect(extension.request.kind).toBe('extension');
    await call('post', '/api/videos/{id}/edits', `/api/videos/${created.request.id}/edits`, {
      json: { instruction: 'troque o dia pela noite', clientKey: randomUUID() },
    });
    await call('get', '/api/videos/{id}/versions', `/api/videos/${created.request.id}/versions`);
    const finished = (await call(
      'post',
      '/api/videos/{id}/finish',
      `/api/videos/${created.request.id}/finish`,
      {
        json: { quality: 'quality', clientKey: randomUUID() },
      },
    )) as { request: { kind: string } };
    expect(finished.request.kind).toBe('finish');
    // A completed video is not retried: the refusal (409) is checked against its schema.
    await call('post', '/api/videos/{id}/retry', `/api/videos/${created.request.id}/retry`, {
      json: { clientKey: randomUUID() },
    });
    // The other variation is still rendering: keeping this one is answered, keeping that one refused (409).
    await call('post', '/api/videos/{id}/keep', `/api/videos/${created.request.id}/keep`, { json: {} });
    // A film's scenes are read from storage by its render job (which may fail here: only the answers are checked).
    await pool.query(`UPDATE video_requests SET video_key = 'absent/video.mp4' WHERE id = $1`, [
      created.request.id,
    ]);
    await call('get', '/api/films/candidates', '/api/films/candidates');
    const film = (await call('post', '/api/films', '/api/films', {
      json: {
        title: 'Filme do gato',
        scenes: [{ requestId: created.request.id, startSeconds: 1 }, { requestId: created.request.id }],
        clientKey: randomUUID(),
      },
    })) as { request: { id: string; kind: string } };
    expect(film.request.kind).toBe('film');
    await call('get', '/api/films/{id}/scenes', `/api/films/${film.request.id}/scenes`);
    await call('get', '/api/videos', '/api/videos');
    await call('get', '/api/dashboard/stats', '/api/dashboard/stats?range=week');
    await call('get', '/api/dashboard/recent', '/api/dashboard/recent');
  });

  it('billing', async () => {
    await call('post', '/api/billing/checkout', '/api/billing/checkout', {
      json: { planId: 'creator', billingPeriod: 'monthly' },
    });
    // A plan by boleto waits for its boleto (no plan yet); a Pix period is paid on the local checkout, and a lower
    // plan by Pix while it runs is refused (409).
    await call('post', '/api/billing/checkout', '/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly', paymentMethod: 'boleto' },
    });
    const pix = (await call('post', '/api/billing/checkout', '/api/billing/checkout', {
      json: { planId: 'creator', billingPeriod: 'monthly', paymentMethod: 'pix' },
    })) as { url: string };
    const paid = await fetch(`${app.url}${new URL(pix.url).pathname}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: client.cookieHeader, origin: app.url, 'x-forwarded-for': client.address },
    });
    expect(paid.status).toBe(303);
    await call('post', '/api/billing/checkout', '/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly', paymentMethod: 'pix' },
    });
    await call('post', '/api/billing/credit-checkout', '/api/billing/credit-checkout', {
      json: { packageType: 'small' },
    });
    await call('post', '/api/billing/portal', '/api/billing/portal', { json: {} });
    await call('post', '/api/billing/verify', '/api/billing/verify', { json: { sessionId: 'cs_unknown' } });
    await call('post', '/api/billing/withdrawal', '/api/billing/withdrawal', {
      json: { sessionId: 'cs_unknown' },
    });
    await call('post', '/api/billing/withdrawal', '/api/billing/withdrawal', {
      json: { sessionId: 'cs_unknown', pixKey: '+5511987654321' },
    });
    await call('get', '/api/billing/subscription', '/api/billing/subscription');
    await call('post', '/api/billing/check-subscription', '/api/billing/check-subscription', { json: {} });
    await call('post', '/api/billing/reconcile', '/api/billing/reconcile', { json: {} });
    await call('get', '/api/billing/transactions', '/api/billing/transactions');
    // Local mode has no Stripe: the webhook answers the error body.
    await call('post', '/api/billing/stripe/webhook', '/api/billing/stripe/webhook', { json: {} });
  });

  it('the Gemini webhook', async () => {
    // Local mode has no Gemini webhooks: the receiver answers the error body.
    await call('post', '/api/gemini/webhook', '/api/gemini/webhook', { json: {} });
  });

  it('admin and the dev mailbox', async () => {
    await call('get', '/api/admin/check', '/api/admin/check');
    await call('get', '/api/admin/stats', '/api/admin/stats');
    await call('get', '/api/admin/queue', '/api/admin/queue');
    await call('get', '/api/admin/take-checks', '/api/admin/take-checks');
    await call('get', '/api/admin/platform', '/api/admin/platform');
    await call('get', '/api/admin/daily', '/api/admin/daily?days=7');
    await call('get', '/api/admin/failed-requests', '/api/admin/failed-requests');
    await call('get', '/api/admin/unknown-outcomes', '/api/admin/unknown-outcomes');
    await call('get', '/api/admin/users', '/api/admin/users?email=an');
    await call('get', '/api/admin/users/{id}', `/api/admin/users/${userId}`);
    await call('post', '/api/admin/reconcile', '/api/admin/reconcile', { json: {} });
    await call('post', '/api/admin/environment', '/api/admin/environment', { json: {} });
    await call('post', '/api/admin/fix-transactions', '/api/admin/fix-transactions', { json: {} });
    // A boleto refund's Pix payout: listed while pending, marked paid once (then 409), an unknown claim 404.
    await pool.query(
      `INSERT INTO refund_payouts (claim, user_id, payment_ref, amount_cents, pix_key)
       VALUES ('withdrawal:cs_schema:1', $1, 'cs_schema', 10990, '+5511987654321')`,
      [userId],
    );
    await call('get', '/api/admin/payouts', '/api/admin/payouts?status=pending');
    const paidPath = '/api/admin/payouts/{claim}/paid';
    await call('post', paidPath, `/api/admin/payouts/${encodeURIComponent('withdrawal:cs_schema:1')}/paid`);
    await call('post', paidPath, `/api/admin/payouts/${encodeURIComponent('withdrawal:cs_schema:1')}/paid`);
    await call('post', paidPath, '/api/admin/payouts/withdrawal%3Acs_nobody%3A1/paid');
    await call('get', '/api/admin/payouts', '/api/admin/payouts?status=paid');
    await call('get', '/api/dev/mailbox', '/api/dev/mailbox');
  });

  it('account deletion refuses a wrong password with the documented error body', async () => {
    await call('delete', '/api/me', '/api/me', { json: { password: 'not-the-password' } });
  });

  it('push subscriptions, invites, captions and notas fiscais', async () => {
    const browserKey = createECDH('prime256v1');
    browserKey.generateKeys();
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: { p256dh: browserKey.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    const key = (await call('post', '/api/me/api-keys', '/api/me/api-keys', {
      json: { name: 'Integração', scopes: ['read'], dailyCreditLimit: 50 },
    })) as { apiKey: { id: string } };
    await call('get', '/api/me/api-keys', '/api/me/api-keys');
    await call('get', '/api/admin/api-keys', '/api/admin/api-keys');
    await call('delete', '/api/admin/api-keys/{id}', `/api/admin/api-keys/${key.apiKey.id}`);
    await call('delete', '/api/me/api-keys/{id}', `/api/me/api-keys/${key.apiKey.id}`);
    await call('get', '/api/me/push-key', '/api/me/push-key');
    await call('post', '/api/me/push-subscriptions', '/api/me/push-subscriptions', { json: subscription });
    await call('delete', '/api/me/push-subscriptions', '/api/me/push-subscriptions', {
      json: { endpoint: subscription.endpoint },
    });
    const invites = (await call('get', '/api/invites', '/api/invites')) as { code: string };
    await call('get', '/api/invites/{code}', `/api/invites/${invites.code}`);
    const form = new FormData();
    form.append('prompt', 'Uma cachoeira na mata ao amanhecer');
    form.append('quality', 'fast');
    form.append('aspectRatio', '16:9');
    form.append('clientKey', randomUUID());
    const created = (await call('post', '/api/videos', '/api/videos', { form })) as {
      request: { id: string };
    };
    const captions = `/api/videos/${created.request.id}/captions`;
    // Not completed yet: captions are refused (409), and there are none to read or correct.
    await call('post', '/api/videos/{id}/captions', captions);
    await call('get', '/api/videos/{id}/captions', captions);
    await call('put', '/api/videos/{id}/captions', captions, { json: { revision: 0, texts: ['Olá'] } });
    // Local mode has no emitter webhook (404); the admin lists notas and retries only a failed one (409).
    await call('post', '/api/nfse/webhook', '/api/nfse/webhook', { json: {} });
    await call('get', '/api/nfse/notas', '/api/nfse/notas?state=pending');
    await call('post', '/api/nfse/notas/{id}/retry', `/api/nfse/notas/${randomUUID()}/retry`);
  });

  it('reports, takedowns and contests (ADR 0066)', async () => {
    const requestId = randomUUID();
    const videoKey = `${userId}/videos/${requestId}/video.mp4`;
    await app.cena.storage.put(videoKey, Buffer.from('mp4'), 'video/mp4');
    await pool.query(
      `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
         video_key, completed_at)
       VALUES ($1, $2, $3, 'Um farol no fim da tarde', 'fast', '16:9', 10, 'completed', $4, now())`,
      [requestId, userId, randomUUID(), videoKey],
    );
    const shared = (await client.json<{ url: string }>(`/api/videos/${requestId}/share`, { method: 'POST' }))
      .body;
    const slug = new URL(shared.url).pathname.split('/')[2];
    await call('post', '/api/share/{slug}/reports', `/api/share/${slug}/reports`, {
      json: { reason: 'other' },
    });
    const queue = (await call('get', '/api/admin/reports', '/api/admin/reports')) as {
      reports: { id: string }[];
    };
    const decision = `/api/admin/reports/${queue.reports[0]?.id}/decision`;
    await call('post', '/api/admin/reports/{id}/decision', decision, { json: { decision: 'take_down' } });
    await call('get', '/api/videos/{id}/takedown', `/api/videos/${requestId}/takedown`);
    await call('post', '/api/videos/{id}/takedown/contest', `/api/videos/${requestId}/takedown/contest`, {
      json: { text: 'Foi engano.' },
    });
    const contest = (await client.json<{ contests: { takedownId: string }[] }>('/api/admin/reports')).body;
    const contestPath = `/api/admin/takedowns/${contest.contests[0]?.takedownId}/contest-decision`;
    await call('post', '/api/admin/takedowns/{id}/contest-decision', contestPath, {
      json: { decision: 'uphold' },
    });
  });

  it('stories (ADR 0062)', async () => {
    const planned = (await call('post', '/api/stories', '/api/stories', {
      json: { idea: 'Ana abre a padaria. Ana diz: "Bom dia!" Os clientes chegam.', targetSeconds: 15 },
    })) as { story: { id: string; shots: { id: string }[] } };
    const path = `/api/stories/${planned.story.id}`;
    await call('get', '/api/stories', '/api/stories');
    await call('get', '/api/stories/{id}', path);
    await call('patch', '/api/stories/{id}', path, { json: { title: 'Padaria' } });
    await call('post', '/api/stories/{id}/drafts', `${path}/drafts`, { json: { clientKey: randomUUID() } });
    // The drafts wait (a long render delay): a re-roll is refused while its take is made, a finish before any.
    const shot = planned.story.shots[0]?.id;
    await call('post', '/api/stories/{id}/shots/{shotId}/reroll', `${path}/shots/${shot}/reroll`, {
      json: { clientKey: randomUUID() },
    });
    await call('post', '/api/stories/{id}/finish', `${path}/finish`, {
      json: { quality: 'fast', clientKey: randomUUID() },
    });
  });

  it('the estimate, webhooks to the customer and the credentials check (ADR 0063–0065)', async () => {
    await call('get', '/api/videos/estimate', '/api/videos/estimate?quality=fast&clipSeconds=8');
    const created = (await call('post', '/api/me/webhooks', '/api/me/webhooks', {
      json: { url: 'http://127.0.0.1:9/cena', events: ['credits.low'] },
    })) as { endpoint: { id: string } };
    await call('get', '/api/me/webhooks', '/api/me/webhooks');
    const endpoint = `/api/me/webhooks/${created.endpoint.id}`;
    await call(
      'post',
      '/api/me/webhooks/{id}/deliveries/{deliveryId}/resend',
      `${endpoint}/deliveries/${randomUUID()}/resend`,
    );
    await call('delete', '/api/me/webhooks/{id}', endpoint);
    const upload = new FormData();
    upload.append('file', new Blob(['not a video'], { type: 'video/mp4' }), 'video.mp4');
    await call('post', '/api/verify', '/api/verify', { form: upload });
  });

  it('left no documented JSON endpoint unchecked', () => {
    const json = documentedOperations({ devMailbox: true }).filter(
      (op) => !op.wildcard && Object.values(op.responses).some((r) => typeof r === 'object' && r.schema),
    );
    expect(json.map((op) => `${op.method} ${op.path}`).filter((key) => !checked.has(key))).toEqual([]);
  });
});
