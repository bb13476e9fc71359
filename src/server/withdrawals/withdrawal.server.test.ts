import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/credits/ledger-audit.server';
import { hold } from '#server/credits/ledger-holds.server';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import type { SessionClient } from '#tests/support/session-client';

/** The buyer's withdrawal of an unused package (CDC art. 49, ADR 0053), local mode, through the HTTP API. */

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

const balance = (client: SessionClient) =>
  client.json<{ balance: number }>('/api/credits').then((r) => r.body.balance);

/** Buys a package on the local checkout; returns its session id and the buyer's user id. */
async function buy(
  client: SessionClient,
  packageType: string,
): Promise<{ sessionId: string; userId: string }> {
  const checkout = await client.json<{ url: string }>('/api/billing/credit-checkout', {
    json: { packageType },
  });
  const path = new URL(checkout.body.url).pathname;
  const paid = await client.fetch(`${path}/pay`, {
    method: 'POST',
    body: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.status).toBe(303);
  const sessionId = path.split('/').pop() ?? '';
  const row = await pool.query<{ user_id: string }>('SELECT user_id FROM checkout_sessions WHERE id = $1', [
    sessionId,
  ]);
  return { sessionId, userId: row.rows[0]?.user_id ?? '' };
}

/** The sessions payment history offers a withdrawal for, oldest first. */
async function withdrawableIn(client: SessionClient): Promise<string[]> {
  const { body } = await client.json<{ transactions: { withdrawal: { sessionId: string } | null }[] }>(
    '/api/billing/transactions',
  );
  return body.transactions.flatMap((row) => (row.withdrawal ? [row.withdrawal.sessionId] : [])).reverse();
}

interface Refunded {
  refundedCents: number;
  creditsTaken: number;
  pending: boolean;
  message: string;
}

/** Asks for the withdrawal; a refusal's `code` and `message` are the API error's. */
async function withdraw(client: SessionClient, sessionId: string) {
  const answer = await client.json<Refunded & { error?: { code: string; message: string } }>(
    '/api/billing/withdrawal',
    { json: { sessionId } },
  );
  const { error, ...refunded } = answer.body;
  return { status: answer.status, refunded, code: error?.code, message: error?.message ?? '' };
}

describe('withdrawal of a package within 7 days', () => {
  it('refunds an unused package in full and takes its credits back, once under a double click', async () => {
    const { client } = await signUpAndVerify(app.url);
    const kept = await buy(client, 'small');
    const { sessionId, userId } = await buy(client, 'medium');
    expect(await balance(client)).toBe(450);
    // Payment history offers the withdrawal on the package's payment line, and only there.
    expect(await withdrawableIn(client)).toEqual([kept.sessionId, sessionId]);

    const answers = await Promise.all([withdraw(client, sessionId), withdraw(client, sessionId)]);
    const succeeded = answers.filter((answer) => answer.status === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const answer of succeeded) {
      expect(answer.refunded).toEqual({
        refundedCents: 35990,
        creditsTaken: 350,
        pending: false,
        message: 'Reembolso de R$ 359,90 feito. Os créditos do pacote saíram do seu saldo.',
      });
    }
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect([answer.status, answer.code]).toEqual([409, 'already_refunded']);
    }
    // The other package's credits stay; the ledger took 350 once, and says so in one clawback.
    expect(await balance(client)).toBe(100);
    const clawbacks = await pool.query('SELECT amount FROM credit_clawbacks WHERE user_id = $1', [userId]);
    expect(clawbacks.rows).toEqual([{ amount: 350 }]);
    expect(await audit(pool, userId)).toEqual([]);
    expect(await withdrawableIn(client)).toEqual([kept.sessionId]);

    const again = await withdraw(client, sessionId);
    expect([again.status, again.code]).toEqual([409, 'already_refunded']);
    expect(await balance(client)).toBe(100);
    expect(kept.userId).toBe(userId);
  });

  it('refuses a package partly spent, saying how much was used and where to get help', async () => {
    const { client } = await signUpAndVerify(app.url);
    const { sessionId, userId } = await buy(client, 'small');
    await hold(pool, { userId, amount: 10, reference: `video:${randomUUID()}` });

    const refused = await withdraw(client, sessionId);
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('credits_used');
    expect(refused.message).toContain('Você já usou 10 dos 100 créditos deste pacote');
    expect(refused.message).toContain('fale com o suporte');
    expect(await balance(client)).toBe(90);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('refuses after 7 days, and a purchase that is not the user’s own', async () => {
    const { client } = await signUpAndVerify(app.url);
    const { sessionId, userId } = await buy(client, 'small');
    await pool.query(
      `UPDATE credit_grants SET created_at = now() - interval '7 days 1 minute' WHERE user_id = $1`,
      [userId],
    );
    const late = await withdraw(client, sessionId);
    expect([late.status, late.code]).toEqual([409, 'withdrawal_expired']);

    const other = await signUpAndVerify(app.url);
    const stranger = await withdraw(other.client, sessionId);
    expect([stranger.status, stranger.code]).toEqual([404, 'purchase_not_found']);
    expect(await balance(client)).toBe(100);
  });
});
