import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { createLogger } from '#server/logger.server';
import type { MailMessage } from '#server/mail/mailer.server';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import { forDaysLeft, quotedDays } from '#tests/support/pix-upgrades';
import type { SessionClient } from '#tests/support/session-client';
import { addPeriod } from './prepaid.server';
import { sweepPrepaidPeriods } from './prepaid-reminders.server';

/**
 * Plans paid by Pix as prepaid periods (ADR 0042), in local mode through the HTTP API and the local checkout's own
 * forms; the reminders on a test clock (the sweep is handed the time).
 */

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

interface Grant {
  amount: number;
  source: string;
  planType: string;
  expiresAt: string | null;
}
interface SubscriptionBody {
  subscription: null | {
    id: string;
    planId: string;
    billingPeriod: string;
    status: string;
    currentPeriodStart: string;
    currentPeriodEnd: string;
    collection: string;
  };
}

const credits = (client: SessionClient) =>
  client.json<{ balance: number; grants: Grant[] }>('/api/credits').then((r) => r.body);
const subscription = (client: SessionClient) =>
  client.json<SubscriptionBody>('/api/billing/subscription').then((r) => r.body.subscription);

const pay = (client: SessionClient, path: string) =>
  client.fetch(`${path}/pay`, {
    method: 'POST',
    body: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Starts a Pix checkout of the plan and answers its local page's path. */
async function pixCheckout(
  client: SessionClient,
  planId: string,
  billingPeriod = 'monthly',
): Promise<string> {
  const started = await client.json<{ url: string }>('/api/billing/checkout', {
    json: { planId, billingPeriod, paymentMethod: 'pix' },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return new URL(started.body.url).pathname;
}

const notasOf = async (userId: string) =>
  (
    await pool.query<{ payment_ref: string }>('SELECT payment_ref FROM nfse_notas WHERE user_id = $1', [
      userId,
    ])
  ).rows.map((row) => row.payment_ref);

describe('a plan paid by Pix, local test checkout', () => {
  it('a Starter month grants 100 credits to the period end, shows the plan, one nota; renewing extends it', async () => {
    const { client } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;

    const path = await pixCheckout(client, 'starter');
    const page = await (await client.fetch(path)).text();
    expect(page).toContain('Pix');
    expect(page).toMatch(/R\$\s*99,90/);
    // Double click on "Pagar": one period, one grant.
    const clicks = await Promise.all([pay(client, path), pay(client, path)]);
    expect(clicks.map((r) => r.status)).toEqual([303, 303]);

    const first = await subscription(client);
    expect(first).toMatchObject({ planId: 'starter', status: 'active', collection: 'prepaid' });
    const start = new Date(first?.currentPeriodStart ?? '');
    const end = new Date(first?.currentPeriodEnd ?? '');
    expect(end.toISOString()).toBe(addPeriod(start, 'monthly').toISOString());
    const granted = await credits(client);
    expect(granted.balance).toBe(100);
    expect(granted.grants).toEqual([
      expect.objectContaining({
        amount: 100,
        source: 'plan',
        planType: 'starter',
        expiresAt: end.toISOString(),
      }),
    ]);
    expect(await notasOf(userId)).toEqual([path.split('/').pop()]);

    // A card checkout is refused while the prepaid plan runs; a renewal before the end adds a month after it.
    const card = await client.json('/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly' },
    });
    expect(card.status).toBe(409);
    const renewal = await pixCheckout(client, 'starter');
    expect((await pay(client, renewal)).status).toBe(303);
    expect((await pay(client, renewal)).status).toBe(303);
    const renewed = await subscription(client);
    const extendedEnd = addPeriod(end, 'monthly');
    expect(renewed).toMatchObject({ id: first?.id, currentPeriodEnd: extendedEnd.toISOString() });
    const after = await credits(client);
    expect(after.balance).toBe(200);
    expect(after.grants.map((grant) => grant.expiresAt).sort()).toEqual(
      [end.toISOString(), extendedEnd.toISOString()].sort(),
    );
    expect(await notasOf(userId)).toHaveLength(2);
  });

  it('an upgrade charges the difference for the days left, in Pix; a lower plan waits for the end', async () => {
    const { client } = await signUpAndVerify(app.url);
    expect((await pay(client, await pixCheckout(client, 'starter'))).status).toBe(303);
    const before = await subscription(client);

    const upgrade = await pixCheckout(client, 'creator');
    const sessionId = upgrade.split('/').pop() ?? '';
    const stored = await pool.query<{ amount_cents: number; upgrades_subscription_id: string }>(
      'SELECT amount_cents, upgrades_subscription_id FROM checkout_sessions WHERE id = $1',
      [sessionId],
    );
    // A month from the first payment: 28 to 31 days, by the calendar.
    const daysLeft = Math.ceil(
      (new Date(before?.currentPeriodEnd ?? '').getTime() - Date.now()) / 86_400_000,
    );
    expect(await quotedDays(pool, sessionId)).toBe(daysLeft);
    // Creator − Starter per month = 319,90 − 99,90 = 220,00; 220,00 × days left / 30 (at most a month), to the cent.
    expect(stored.rows[0]).toEqual({
      amount_cents: forDaysLeft(22000, daysLeft),
      upgrades_subscription_id: before?.id,
    });
    expect((await pay(client, upgrade)).status).toBe(303);
    const upgraded = await subscription(client);
    expect(upgraded).toMatchObject({
      id: before?.id,
      planId: 'creator',
      currentPeriodEnd: before?.currentPeriodEnd,
    });
    // Creator's month is 350 credits: the upgrade grants the difference, 250, for the same days (ADR 0049).
    expect((await credits(client)).balance).toBe(100 + forDaysLeft(250, daysLeft));

    const lower = await client.json<{ error: { code: string } }>('/api/billing/checkout', {
      json: { planId: 'starter', billingPeriod: 'monthly', paymentMethod: 'pix' },
    });
    expect(lower.status).toBe(409);
    expect(lower.body.error.code).toBe('prepaid_downgrade');
  });

  it('an older, lower upgrade quote paid after a higher one is refunded, not applied, and recorded once', async () => {
    const { client } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    expect((await pay(client, await pixCheckout(client, 'starter'))).status).toBe(303);
    const before = await subscription(client);

    // Quoted on the same Starter period: Creator, then Studio; Studio is paid first.
    const creator = await pixCheckout(client, 'creator');
    const studio = await pixCheckout(client, 'studio');
    expect((await pay(client, studio)).status).toBe(303);
    // Studio's month is 1 500 credits: the difference, 1 400, for the days left.
    const studioDays = await quotedDays(pool, studio.split('/').pop() ?? '');
    expect((await credits(client)).balance).toBe(100 + forDaysLeft(1400, studioDays));

    // The Creator code is paid after all: a double click, then the success page's verify twice.
    await Promise.all([pay(client, creator), pay(client, creator)]);
    const sessionId = creator.split('/').pop() ?? '';
    for (const _ of [1, 2]) {
      const verified = await client.json('/api/billing/verify', { json: { sessionId } });
      expect(verified.body).toMatchObject({
        success: false,
        message:
          'Pagamento recebido, mas não aplicado: seu plano mudou depois da cotação. O valor será reembolsado.',
      });
    }

    expect(await subscription(client)).toMatchObject({
      id: before?.id,
      planId: 'studio',
      currentPeriodEnd: before?.currentPeriodEnd,
    });
    expect((await credits(client)).balance).toBe(100 + forDaysLeft(1400, studioDays));
    const quoted = await pool.query<{ amount_cents: number }>(
      'SELECT amount_cents FROM checkout_sessions WHERE id = $1',
      [sessionId],
    );
    const paid = quoted.rows[0]?.amount_cents ?? 0;
    const rows = await pool.query<{ type: string; amount: number; description: string }>(
      `SELECT type, amount, description FROM transactions WHERE user_id = $1 AND type = 'payment'
         AND (provider_ref = $2 OR provider_ref LIKE '%' || $2 || '%') ORDER BY amount DESC`,
      [userId, sessionId],
    );
    expect(rows.rows).toEqual([
      {
        type: 'payment',
        amount: paid,
        description:
          'Upgrade para o plano Creator (mensal) não aplicado: seu plano atual já é igual ou superior. O valor será reembolsado.',
      },
      { type: 'payment', amount: -paid, description: 'Reembolso' },
    ]);
    // No nota fiscal or receipt for money given back.
    expect(await notasOf(userId)).not.toContain(sessionId);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('reminds 7 days and 1 day before the end, once each, and the plan ends with its period (test clock)', async () => {
    const { client } = await signUpAndVerify(app.url);
    expect((await pay(client, await pixCheckout(client, 'starter'))).status).toBe(303);
    const current = await subscription(client);
    const end = new Date(current?.currentPeriodEnd ?? '');
    const sent: MailMessage[] = [];
    const deps = {
      pool,
      mailer: { devMailbox: true, send: async (message: MailMessage) => void sent.push(message) },
      appUrl: 'https://cena.test',
      logger: createLogger('silent'),
    };
    const at = (daysBeforeEnd: number) => new Date(end.getTime() - daysBeforeEnd * 86_400_000);
    const mine = () => sent.filter((message) => message.subject.includes('Starter'));

    await sweepPrepaidPeriods(deps, at(8));
    expect(mine()).toHaveLength(0);
    await sweepPrepaidPeriods(deps, at(6.9));
    await sweepPrepaidPeriods(deps, at(6.5));
    const week = mine();
    expect(week).toHaveLength(1);
    expect(week[0]?.subject).toBe('Seu plano Starter termina em 7 dias — Cena');
    expect(week[0]?.links).toContain('https://cena.test/dashboard?plan=starter&period=monthly&pay=pix');
    expect(week[0]?.text).toContain('Renovar por Pix');

    await sweepPrepaidPeriods(deps, at(0.9));
    await sweepPrepaidPeriods(deps, at(0.5));
    expect(mine()).toHaveLength(2);
    expect(mine()[1]?.subject).toBe('Seu plano Starter termina amanhã — Cena');

    // At the end nothing renews: the plan is over, like a cancelled one.
    await sweepPrepaidPeriods(deps, new Date(end.getTime() + 1000));
    const row = await pool.query<{ status: string }>('SELECT status FROM subscriptions WHERE id = $1', [
      current?.id,
    ]);
    expect(row.rows[0]?.status).toBe('canceled');
    expect(mine()).toHaveLength(2);
  });
});
