import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clawbackPurchase, fulfilPackagePurchase } from '#server/billing/fulfilment.server';
import { createPool } from '#server/db/database.server';
import { createLogger } from '#server/logger.server';
import type { Mailer, MailMessage } from '#server/mail/mailer.server';
import { parseTaxId } from '#shared/tax-id';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { FakeFocusNfe } from '#tests/support/fake-focus-nfe';
import { insertUser } from '#tests/support/users';
import type { NfseEmitter } from './emitter.server';
import { FocusNfeEmitter } from './focus-emitter.server';
import { ISSUE_LEASE_MS, sweepNotas } from './nfse-worker.server';
import { listNotas, notasOfPayments, retryNota, saveCustomerDocument } from './notas.server';

const TOKEN = 'focus-test-token';
const SERVICE = {
  cnpj: '11222333000181',
  inscricaoMunicipal: '12345',
  codigoMunicipio: '3550308',
  itemListaServico: '0107',
  codigoTributarioMunicipio: undefined,
  aliquota: 2,
  simplesNacional: true,
  description: 'Créditos para vídeos com IA',
};
const MINUTE = 60_000;

let db: TestDatabase;
let pool: pg.Pool;
let fake: FakeFocusNfe;
let clock = Date.parse('2026-11-26T12:00:00Z');
const mails: MailMessage[] = [];
const mailer: Mailer = { devMailbox: false, send: async (message) => void mails.push(message) };
const logger = createLogger('silent');
let emitter: FocusNfeEmitter;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 10, logger);
  fake = new FakeFocusNfe({ token: TOKEN, cancelWindowMs: 30 * 24 * 60 * MINUTE, now: () => clock });
  const apiBase = await fake.start();
  emitter = new FocusNfeEmitter({ apiBase, token: TOKEN, service: SERVICE });
});
afterAll(async () => {
  await fake?.stop();
  await pool?.end();
  await db?.drop();
});
beforeEach(() => {
  mails.length = 0;
});

const sweep = (with_: NfseEmitter = emitter) =>
  sweepNotas({ pool, emitter: with_, mailer, logger }, new Date(clock));
const later = (ms: number) => {
  clock += ms;
};

async function buyPackage(userId: string, sessionId: string) {
  return fulfilPackagePurchase(
    pool,
    { userId, sessionId, packageId: 'small', amountCents: 1990 },
    new Date(clock),
  );
}

async function notaOf(sessionId: string) {
  const result = await pool.query('SELECT * FROM nfse_notas WHERE payment_ref = $1', [sessionId]);
  return result.rows[0];
}

describe('NFS-e: one nota per paid purchase (Focus NFe fake)', () => {
  it('issues exactly one nota for a replayed fulfilment, with the CPF given, mails it and shows it', async () => {
    const userId = await insertUser(pool);
    await saveCustomerDocument(pool, userId, '52998224725');
    await buyPackage(userId, 'cs_replayed');
    await buyPackage(userId, 'cs_replayed');
    const before = fake.accepted;
    await sweep();
    await sweep();
    expect(fake.accepted - before).toBe(1);
    const row = await notaOf('cs_replayed');
    const sent = fake.notas.get(row.id)?.body ?? {};
    expect(sent.tomador).toMatchObject({ cpf: '52998224725' });
    expect(sent.servico).toMatchObject({ valor_servicos: 19.9, item_lista_servico: '0107' });
    expect(row.state).toBe('processing');

    fake.processAll();
    later(2 * MINUTE);
    await sweep();
    const issued = await notaOf('cs_replayed');
    expect(issued.state).toBe('issued');
    expect(issued.xml_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/notas_fiscais_servico\/.+\.xml$/);
    const mail = mails.find((m) => m.to === `${userId}@example.test`);
    expect(mail?.links).toContain(issued.pdf_url);
    expect(mail?.subject).toBe('Sua nota fiscal — Cena');
    const views = await notasOfPayments(pool, ['cs_replayed']);
    expect(views.get('cs_replayed')).toEqual({
      id: issued.id,
      state: 'issued',
      url: issued.pdf_url,
      xmlUrl: issued.xml_url,
    });
    await sweep();
    expect(mails.filter((m) => m.to === `${userId}@example.test`)).toHaveLength(1);
  });

  it('never issues two when the worker dies after the emitter took the nota', async () => {
    const userId = await insertUser(pool);
    await buyPackage(userId, 'cs_killed');
    const before = fake.accepted;
    const dying: NfseEmitter = {
      kind: 'focus',
      issue: async (request) => {
        await emitter.issue(request);
        throw new Error('worker killed');
      },
      status: (ref) => emitter.status(ref),
      cancel: (ref, reason) => emitter.cancel(ref, reason),
    };
    await expect(sweep(dying)).rejects.toThrow('worker killed');
    expect((await notaOf('cs_killed')).state).toBe('issuing');
    await sweep();
    expect((await notaOf('cs_killed')).state).toBe('issuing');
    later(ISSUE_LEASE_MS + MINUTE);
    await sweep();
    expect(fake.accepted - before).toBe(1);
    const row = await notaOf('cs_killed');
    expect(row.state).toBe('processing');
    expect(row.attempts).toBe(2);
  });

  it('cancels the nota of a refunded purchase, and keeps it with the reason when the city refuses', async () => {
    const userId = await insertUser(pool);
    await buyPackage(userId, 'cs_refunded');
    await buyPackage(userId, 'cs_late');
    await sweep();
    fake.processAll();
    later(2 * MINUTE);
    await sweep();
    const purchase = (ref: string) => ({
      userId,
      grantSource: 'package' as const,
      grantRef: ref,
      paidCents: 1990,
      grantedCredits: 100,
    });
    await clawbackPurchase(pool, purchase('cs_refunded'), { kind: 'refund', id: 're_1', amountCents: 1990 });
    await sweep();
    const refunded = await notaOf('cs_refunded');
    expect(refunded.state).toBe('cancelled');
    expect(fake.notas.get(refunded.id)?.status).toBe('cancelado');

    later(31 * 24 * 60 * MINUTE);
    await clawbackPurchase(pool, purchase('cs_late'), { kind: 'refund', id: 're_2', amountCents: 1990 });
    await sweep();
    const late = await notaOf('cs_late');
    expect(late.state).toBe('issued');
    expect(late.error).toMatch(/^Cancelamento recusado: E523/);
  });

  it('shows a nota the city rejected as failed, and issues it on the admin retry under the same reference', async () => {
    const userId = await insertUser(pool);
    await buyPackage(userId, 'cs_rejected');
    fake.rejectNext = 1;
    await sweep();
    fake.processAll();
    later(2 * MINUTE);
    await sweep();
    const failed = await notaOf('cs_rejected');
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/E145/);
    expect((await listNotas(pool, 'failed')).map((n) => n.id)).toContain(failed.id);

    expect(await retryNota(pool, failed.id)).toBe(true);
    expect(await retryNota(pool, failed.id)).toBe(false);
    await sweep();
    fake.processAll();
    later(2 * MINUTE);
    await sweep();
    expect((await notaOf('cs_rejected')).state).toBe('issued');
    expect([...fake.notas.keys()].filter((ref) => ref === failed.id)).toHaveLength(1);
    expect((await listNotas(pool, 'issued')).map((n) => n.id)).toContain(failed.id);
  });

  it('is refused by the emitter when a required field is missing', async () => {
    const userId = await insertUser(pool);
    await buyPackage(userId, 'cs_missing');
    const misconfigured = new FocusNfeEmitter({
      apiBase: fake.url,
      token: TOKEN,
      service: { ...SERVICE, itemListaServico: '' },
    });
    await sweep(misconfigured);
    const row = await notaOf('cs_missing');
    expect(row.state).toBe('failed');
    expect(row.error).toMatch(/requisicao_invalida.*servico\.item_lista_servico/);
  });
});

describe('CPF and CNPJ check digits', () => {
  it('accepts valid documents with or without punctuation and refuses the rest', () => {
    expect(parseTaxId('529.982.247-25')).toBe('52998224725');
    expect(parseTaxId('11.222.333/0001-81')).toBe('11222333000181');
    expect(parseTaxId('529.982.247-24')).toBeUndefined();
    expect(parseTaxId('11222333000182')).toBeUndefined();
    expect(parseTaxId('111.111.111-11')).toBeUndefined();
    expect(parseTaxId('1234')).toBeUndefined();
  });
});
