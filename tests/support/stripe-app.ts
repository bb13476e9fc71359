import type pg from 'pg';
import { expect } from 'vitest';
import { signUpAndVerify } from './accounts';
import { startTestApp, type TestApp } from './app';
import { testPool } from './database';
import type { FakeStripeEvent } from './fake-stripe';
import { FakeStripeWithBoleto } from './fake-stripe-boleto';
import type { SessionClient } from './session-client';

/** The app in Stripe mode against a fresh fake Stripe, with a direct pool on its database. */
export interface StripeTestBed {
  fake: FakeStripeWithBoleto;
  app: TestApp;
  pool: pg.Pool;
  /** Delivers one event to the app's webhook, signed as Stripe would (or with another secret). */
  deliver(event: FakeStripeEvent, secret?: string): Promise<Response>;
  /** Delivers the events one after the other, each answered 200. */
  deliverAll(...events: FakeStripeEvent[]): Promise<void>;
  /** A signed-up user who paid a 100-credit package by card (or boleto, settled): the session id. */
  paidPackage(
    method?: 'card' | 'boleto',
  ): Promise<{ client: SessionClient; userId: string; sessionId: string }>;
  stop(): Promise<void>;
}

export async function startStripeTestBed(): Promise<StripeTestBed> {
  const fake = await new FakeStripeWithBoleto().start();
  // A fake left running after a failed start would run on into the next file sharing the process (ADR 0076).
  const app = await startTestApp(fake.env).catch(async (error: unknown) => {
    await fake.stop();
    throw error;
  });
  const pool = testPool({ connectionString: app.databaseUrl, max: 2 });
  const deliver = (event: FakeStripeEvent, secret?: string) => {
    const { body, signature } = fake.signed(event, secret);
    return fetch(`${app.url}/api/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
  };
  const deliverAll = async (...events: FakeStripeEvent[]) => {
    for (const event of events) expect((await deliver(event)).status, event.type).toBe(200);
  };
  return {
    fake,
    app,
    pool,
    deliver,
    deliverAll,
    async paidPackage(method = 'card') {
      const { client } = await signUpAndVerify(app.url);
      const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
      const checkout = await client.json('/api/billing/credit-checkout', { json: { packageType: 'small' } });
      expect(checkout.status).toBe(200);
      const sessionId = [...fake.sessions.values()].at(-1)?.id ?? '';
      if (method === 'card') await deliverAll(...fake.payPackageSession(sessionId));
      else {
        await deliverAll(
          ...fake.completeAsyncSession(sessionId, 'boleto'),
          ...fake.settleAsyncPayment(sessionId, 'succeeded'),
        );
      }
      return { client, userId, sessionId };
    },
    async stop() {
      await pool.end();
      await app.stop();
      await fake.stop();
    },
  };
}
