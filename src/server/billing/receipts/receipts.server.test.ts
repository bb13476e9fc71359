import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger.server';
import type { Mailer } from '#server/mail/mailer.server';
import { type MailboxMessage, mailsTo, signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import type { FakeStripe } from '#tests/support/fake-stripe';
import type { SessionClient } from '#tests/support/session-client';
import { type StripeTestBed, startStripeTestBed } from '#tests/support/stripe-app';
import { sweepReceipts } from './receipts.server';

/**
 * One receipt e-mail per payment, whatever the number of fulfilments (a double click, verify, a replayed webhook)
 * and sweeps. The app's own scheduled sweep may run during a test too: both send to the dev mailbox, so the
 * mailbox holds every receipt sent.
 */

const logger = createLogger('silent');

/** The dev mailbox's own storage, as the app's mailer writes it in local mode. */
const devMailer = (pool: pg.Pool): Mailer => ({
  devMailbox: true,
  async send({ to, subject, text, html, links }) {
    await pool.query(
      'INSERT INTO dev_mail_outbox ("to", subject, text, html, links) VALUES ($1, $2, $3, $4, $5)',
      [to, subject, text, html, JSON.stringify(links)],
    );
  },
});

async function sweepTwice(pool: pg.Pool, appUrl: string): Promise<void> {
  const deps = { pool, mailer: devMailer(pool), appUrl, logger };
  await Promise.all([sweepReceipts(deps), sweepReceipts(deps)]);
  await sweepReceipts(deps);
}

const receiptsTo = async (appUrl: string, email: string): Promise<MailboxMessage[]> =>
  (await mailsTo(appUrl, email)).filter((message) => message.subject.startsWith('Recibo'));

const paymentsOf = async (client: SessionClient) =>
  (
    await client.json<{ transactions: { type: string; purchaseRef: string; receiptUrl?: string }[] }>(
      '/api/billing/transactions',
    )
  ).body.transactions.filter((row) => row.type === 'payment');

describe('receipts, local checkout', () => {
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

  it('mails one receipt for a package paid twice over and verified twice, with amount, item and date', async () => {
    const { client, email } = await signUpAndVerify(app.url);
    const checkout = await client.json<{ url: string }>('/api/billing/credit-checkout', {
      json: { packageType: 'small' },
    });
    const path = new URL(checkout.body.url).pathname;
    const sessionId = path.split('/').pop() ?? '';
    const pay = () =>
      client.fetch(`${path}/pay`, {
        method: 'POST',
        body: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const paid = await Promise.all([pay(), pay()]);
    await Promise.all(paid.map((response) => response.body?.cancel()));
    for (let i = 0; i < 2; i += 1) await client.json('/api/billing/verify', { json: { sessionId } });

    await sweepTwice(pool, app.url);

    const receipts = await receiptsTo(app.url, email);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts as [MailboxMessage];
    expect(receipt.text).toContain('Pacote de 100 créditos, R$ 109,90, em ');
    expect(receipt.text).toMatch(/em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\./);
    // No Stripe charge in local mode: the link is the payment history.
    expect(receipt.links).toEqual([`${app.url}/dashboard/profile`]);
    const [payment] = await paymentsOf(client);
    expect(payment?.purchaseRef).toBe(sessionId);
    expect(payment?.receiptUrl).toBeUndefined();
  });

  it("mails one receipt for a plan's first invoice, naming the plan and its period", async () => {
    const { client, email } = await signUpAndVerify(app.url);
    const plan = await client.json<{ url: string }>('/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly' },
    });
    const path = new URL(plan.body.url).pathname;
    const paid = await client.fetch(`${path}/pay`, {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await paid.body?.cancel();

    await sweepTwice(pool, app.url);

    const receipts = await receiptsTo(app.url, email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toMatch(
      /Recebemos o seu pagamento: Plano Starter \(mensal\), R\$ \d+,\d{2}, em /,
    );
  });
});

describe('receipts, Stripe (fake API)', () => {
  let bed: StripeTestBed;
  let fake: FakeStripe;
  beforeAll(async () => {
    bed = await startStripeTestBed();
    fake = bed.fake;
  });
  afterAll(async () => {
    await bed?.stop();
  });

  it("mails one receipt under a replayed webhook, linking the charge's receipt_url, also in payment history", async () => {
    const { client, email } = await signUpAndVerify(bed.app.url);
    await client.json('/api/billing/credit-checkout', { json: { packageType: 'medium' } });
    const sessionId = [...fake.sessions.values()].at(-1)?.id ?? '';
    const events = fake.payPackageSession(sessionId);
    for (let i = 0; i < 3; i += 1) {
      for (const event of events) expect((await bed.deliver(event)).status).toBe(200);
    }
    await client.json('/api/billing/verify', { json: { sessionId } });

    await sweepTwice(bed.pool, bed.app.url);

    const receiptUrl = fake.charges.get(fake.chargeOfSession(sessionId))?.receipt_url;
    expect(receiptUrl).toMatch(/^https:\/\/pay\.stripe\.test\/receipts\//);
    const receipts = await receiptsTo(bed.app.url, email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('Pacote de 350 créditos, R$ 359,90, em ');
    expect(receipts[0]?.links).toEqual([receiptUrl]);
    const payments = await paymentsOf(client);
    expect(payments).toHaveLength(1);
    expect(payments[0]?.receiptUrl).toBe(receiptUrl);
  });

  it("links a plan invoice's hosted invoice page as its receipt, in the e-mail and in payment history", async () => {
    const { client, email } = await signUpAndVerify(bed.app.url);
    await client.json('/api/billing/checkout', { json: { planId: 'starter', billingPeriod: 'monthly' } });
    const sessionId = [...fake.sessions.values()].at(-1)?.id ?? '';
    const events = fake.paySubscriptionSession(sessionId);
    for (let i = 0; i < 2; i += 1) {
      for (const event of events) expect((await bed.deliver(event)).status).toBe(200);
    }
    const subscriptionId = fake.sessions.get(sessionId)?.subscription as string;
    for (const event of fake.renew(subscriptionId)) expect((await bed.deliver(event)).status).toBe(200);

    await sweepTwice(bed.pool, bed.app.url);

    const customer = fake.sessions.get(sessionId)?.customer;
    const invoices = [...fake.invoices.values()].filter((invoice) => invoice.customer === customer);
    expect(invoices).toHaveLength(2);
    const hosted = invoices.map((invoice) => invoice.hosted_invoice_url as string);
    for (const url of hosted) expect(url).toMatch(/^https:\/\/invoice\.stripe\.test\/i\//);
    const receipts = await receiptsTo(bed.app.url, email);
    expect(receipts.map((receipt) => receipt.links[0]).sort()).toEqual([...hosted].sort());
    const payments = await paymentsOf(client);
    expect(payments.map((payment) => [payment.purchaseRef, payment.receiptUrl]).sort()).toEqual(
      invoices.map((invoice) => [invoice.id, invoice.hosted_invoice_url]).sort(),
    );
  });
});
