import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutRecord, findCheckout } from '#server/billing/billing-store.server';
import { claimWithdrawal } from '#server/billing/withdrawal-claim.server';
import { createLogger } from '#server/logger.server';
import type { Mailer } from '#server/mail/mailer.server';
import { type MailboxMessage, mailsTo, signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import type { SessionClient } from '#tests/support/session-client';
import { settleClaim } from './withdrawal.server';
import { mailWithdrawalConfirmations } from './withdrawal-confirmations.server';

/**
 * The withdrawal's confirmation e-mail (Decreto 7.962/2013 art. 5 §4), local mode: exactly one per withdrawal —
 * under a double click, a refund retried after its first attempt died, the withdrawal sweep settling the same
 * claim again, and the confirmation sweep running beside the request. Packages bought by Pix (ADR 0059).
 */

const logger = createLogger('silent');

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

/** The dev mailbox's own storage, as the app's mailer writes it in local mode. */
const devMailer = (db: pg.Pool): Mailer => ({
  devMailbox: true,
  async send({ to, subject, text, html, links }) {
    await db.query(
      'INSERT INTO dev_mail_outbox ("to", subject, text, html, links) VALUES ($1, $2, $3, $4, $5)',
      [to, subject, text, html, JSON.stringify(links)],
    );
  },
});

const sweep = () => mailWithdrawalConfirmations({ pool, mailer: devMailer(pool), appUrl: app.url, logger });

const confirmationsTo = async (email: string): Promise<MailboxMessage[]> =>
  (await mailsTo(app.url, email)).filter((message) => message.subject.startsWith('Sua desistência'));

/** Buys a package on the local checkout by the given method; returns its session id. */
async function buy(client: SessionClient, paymentMethod: 'card' | 'pix'): Promise<string> {
  const checkout = await client.json<{ url: string }>('/api/billing/credit-checkout', {
    json: { packageType: 'medium', paymentMethod },
  });
  expect(checkout.status).toBe(200);
  const path = new URL(checkout.body.url).pathname;
  const page = await client.fetch(path);
  expect(await page.text()).toContain(paymentMethod === 'pix' ? 'Pagar com Pix' : 'Pagar');
  const paid = await client.fetch(`${path}/pay`, {
    method: 'POST',
    body: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.status).toBe(303);
  return path.split('/').pop() ?? '';
}

const withdraw = (client: SessionClient, sessionId: string) =>
  client.json<{ message: string }>('/api/billing/withdrawal', { json: { sessionId } });

describe('the withdrawal confirmation e-mail', () => {
  it('goes out once for a Pix package under a double click, with amount, method, when and the nota', async () => {
    const { client, email } = await signUpAndVerify(app.url);
    const sessionId = await buy(client, 'pix');
    const grant = await pool.query<{ method: string }>(
      `SELECT metadata->>'paymentMethod' AS method FROM credit_grants WHERE source_ref = $1`,
      [sessionId],
    );
    expect(grant.rows).toEqual([{ method: 'pix' }]);

    const [first, second] = await Promise.all([
      withdraw(client, sessionId),
      withdraw(client, sessionId),
      sweep(),
    ]);
    expect([first.status, second.status]).toContain(200);
    await sweep();

    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [MailboxMessage];
    expect(mail.text).toContain('reembolso integral de R$ 359,90');
    expect(mail.text).toContain('Pacote de 350 créditos');
    expect(mail.text).toContain('volta por Pix para a conta que pagou');
    expect(mail.text).toContain('nota fiscal desta compra');
    expect(mail.text).toMatch(/Recebemos sua desistência em \d{2}\/\d{2}\/\d{4}/);

    // The history's refund row names what was refunded (not a bare "Reembolso").
    const history = await client.json<{
      transactions: { type: string; amount: number; description: string }[];
    }>('/api/billing/transactions');
    expect(history.body.transactions.find((row) => row.type === 'payment' && row.amount < 0)).toMatchObject({
      amount: -35990,
      description: 'Reembolso do pacote de 350 créditos',
    });

    expect((await withdraw(client, sessionId)).status).toBe(409);
    await sweep();
    expect(await confirmationsTo(email)).toHaveLength(1);
  });

  it('goes out once when the refund is retried after its first attempt died, and the sweep settles it again', async () => {
    const { client, email } = await signUpAndVerify(app.url);
    const sessionId = await buy(client, 'card');
    const checkout = (await findCheckout(pool, sessionId)) as CheckoutRecord;
    // The first attempt took the credits and died before the provider answered (ADR 0053).
    const claim = await claimWithdrawal(pool, checkout, false, new Date());
    if (!claim.ok) throw new Error(claim.message);
    expect(await confirmationsTo(email)).toHaveLength(0);

    const retried = await withdraw(client, sessionId);
    expect(retried.status).toBe(200);
    const refund = {
      id: `local_refund_${claim.reference}`,
      amountCents: 35990,
      status: 'succeeded' as const,
    };
    await settleClaim(pool, checkout, claim, refund, undefined, new Date());
    await Promise.all([sweep(), sweep()]);

    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('reembolso integral de R$ 359,90');
  });
});
