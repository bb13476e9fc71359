import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '#server/accounts/roles.server';
import { createLogger } from '#server/logger.server';
import type { Mailer } from '#server/mail/mailer.server';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import { FakeFocusNfe } from '#tests/support/fake-focus-nfe';
import type { SessionClient } from '#tests/support/session-client';
import { FocusNfeEmitter } from './focus-emitter.server';
import { LocalNfseEmitter } from './local-emitter.server';
import { sweepNotas } from './nfse-worker.server';
import { requestNota } from './notas.server';

/** The notas through the HTTP API: checkout's CPF/CNPJ, payment history, the local test nota, admin, webhook. */

const logger = createLogger('silent');
const mailer: Mailer = { devMailbox: false, send: async () => undefined };

interface Tx {
  type: string;
  amount: number;
  nota?: { id: string; state: string; url: string | null; xmlUrl: string | null };
}

const postForm = (client: SessionClient, path: string) =>
  client.fetch(path, {
    method: 'POST',
    body: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('NFS-e, local emitter (local mode)', () => {
  let app: TestApp;
  let pool: pg.Pool;
  beforeAll(async () => {
    app = await startTestApp();
    pool = testPool({ connectionString: app.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await app?.stop();
  });

  it('takes a valid CPF at checkout, shows the issued test nota in the history and lists it for admins', async () => {
    const { client, email } = await signUpAndVerify(app.url);
    const refused = await client.json<{ code: string; message: string }>('/api/billing/credit-checkout', {
      json: { packageType: 'small', taxId: '529.982.247-24' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('CPF ou CNPJ inválido');

    const checkout = await client.json<{ url: string }>('/api/billing/credit-checkout', {
      json: { packageType: 'small', taxId: '529.982.247-25' },
    });
    expect(checkout.status).toBe(200);
    expect((await postForm(client, `${new URL(checkout.body.url).pathname}/pay`)).status).toBe(303);
    const pending = await client.json<{ transactions: Tx[] }>('/api/billing/transactions');
    expect(pending.body.transactions.find((t) => t.type === 'payment')?.nota?.state).toBe('pending');

    await sweepNotas({ pool, emitter: new LocalNfseEmitter(app.url), mailer, logger });
    const history = await client.json<{ transactions: Tx[] }>('/api/billing/transactions');
    const payment = history.body.transactions.find((t) => t.type === 'payment');
    expect(payment?.nota).toMatchObject({ state: 'issued' });
    expect(payment?.nota?.url).toBe(`${app.url}/dev/nfse/${payment?.nota?.id}`);
    expect(history.body.transactions.find((t) => t.type === 'credit')?.nota).toBeUndefined();
    const page = await client.fetch(new URL(payment?.nota?.url ?? '').pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('NOTA DE TESTE — SEM VALOR FISCAL');
    const document = await pool.query('SELECT document FROM nfse_customer_documents');
    expect(document.rows.map((r) => r.document)).toContain('52998224725');

    expect((await client.fetch('/api/nfse/notas?state=issued')).status).toBe(403);
    const me = await client.json<{ user: { id: string } }>('/api/me');
    await grantRole(pool, me.body.user.id, 'admin');
    const listed = await client.json<{ notas: { id: string; customerEmail: string | null }[] }>(
      '/api/nfse/notas?state=issued',
    );
    expect(listed.body.notas.find((n) => n.id === payment?.nota?.id)?.customerEmail).toBe(email);
    expect((await client.fetch('/api/nfse/notas?state=sent')).status).toBe(400);
    const retry = await client.json<{ error: { code: string } }>(
      `/api/nfse/notas/${payment?.nota?.id}/retry`,
      {
        json: {},
      },
    );
    expect(retry.status).toBe(409);
    expect(retry.body.error.code).toBe('nota_not_failed');
    expect((await client.fetch('/api/nfse/webhook', { method: 'POST', json: {} })).status).toBe(404);
  });
});

describe('NFS-e, Focus NFe webhook', () => {
  const token = 'focus-app-token';
  const secret = 'hook-secret-0123456789';
  let fake: FakeFocusNfe;
  let app: TestApp;
  let pool: pg.Pool;
  beforeAll(async () => {
    fake = new FakeFocusNfe({ token });
    const apiBase = await fake.start();
    app = await startTestApp({
      NFSE_PROVIDER: 'focus',
      NFSE_FOCUS_TOKEN: token,
      NFSE_FOCUS_API_BASE: apiBase,
      NFSE_WEBHOOK_SECRET: secret,
      NFSE_PRESTADOR_CNPJ: '11222333000181',
      NFSE_INSCRICAO_MUNICIPAL: '12345',
      NFSE_CODIGO_MUNICIPIO: '3550308',
      NFSE_ITEM_LISTA_SERVICO: '0107',
    });
    pool = testPool({ connectionString: app.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await app?.stop();
    await fake?.stop();
  });

  it('records the authorization a hook announces, and refuses a hook without the registered secret', async () => {
    const { client } = await signUpAndVerify(app.url);
    const me = await client.json<{ user: { id: string } }>('/api/me');
    await requestNota(pool, {
      userId: me.body.user.id,
      paymentRef: 'cs_hook',
      amountCents: 10990,
      item: 'Pacote',
    });
    const emitter = new FocusNfeEmitter({
      apiBase: fake.url,
      token,
      service: {
        cnpj: '11222333000181',
        inscricaoMunicipal: '12345',
        codigoMunicipio: '3550308',
        itemListaServico: '0107',
        codigoTributarioMunicipio: undefined,
        aliquota: undefined,
        simplesNacional: false,
        description: 'Créditos',
      },
    });
    await sweepNotas({ pool, emitter, mailer, logger });
    const { rows } = await pool.query("SELECT id, state FROM nfse_notas WHERE payment_ref = 'cs_hook'");
    expect(rows[0].state).toBe('processing');
    fake.processAll();

    const hook = `${app.url}/api/nfse/webhook`;
    expect((await fake.deliverHook(hook, rows[0].id, 'another-secret')).status).toBe(401);
    expect((await fake.deliverHook(hook, rows[0].id, undefined)).status).toBe(401);
    const unchanged = await pool.query('SELECT state FROM nfse_notas WHERE id = $1', [rows[0].id]);
    expect(unchanged.rows[0].state).toBe('processing');

    // Focus NFe cannot be read back: a declared 503 with a pt-BR message, not an unhandled 500; nothing changes.
    fake.unreachable = true;
    const unavailable = await fake.deliverHook(hook, rows[0].id, secret);
    fake.unreachable = false;
    expect(unavailable.status).toBe(503);
    const refused = (await unavailable.json()) as { error: { code: string; message: string } };
    expect(refused.error).toMatchObject({
      code: 'emitter_unavailable',
      message: 'O emissor de notas fiscais está indisponível. Tente novamente mais tarde.',
    });
    const stillProcessing = await pool.query('SELECT state FROM nfse_notas WHERE id = $1', [rows[0].id]);
    expect(stillProcessing.rows[0].state).toBe('processing');

    expect((await fake.deliverHook(hook, rows[0].id, secret)).status).toBe(200);
    const after = await pool.query('SELECT state, number FROM nfse_notas WHERE id = $1', [rows[0].id]);
    expect(after.rows[0]).toMatchObject({ state: 'issued' });
    expect(after.rows[0].number).toMatch(/^\d+$/);
  });

  it('acknowledges a hook whose body names no nota, whatever JSON (or none) it is, and changes nothing', async () => {
    const before = await pool.query('SELECT id, state FROM nfse_notas ORDER BY id');
    for (const body of ['null', '[]', '"ref"', '42', '{"ref":5}', '{"ref":null}', 'not json', '']) {
      const answer = await fetch(`${app.url}/api/nfse/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: secret },
        body,
      });
      expect({ body, status: answer.status }).toEqual({ body, status: 200 });
      expect(await answer.json()).toEqual({ received: true });
    }
    expect((await pool.query('SELECT id, state FROM nfse_notas ORDER BY id')).rows).toEqual(before.rows);
  });
});
