import type pg from 'pg';
import { startTestApp, type TestApp } from './app';
import { testPool } from './database';
import type { FakeStripeEvent } from './fake-stripe';
import { FakeStripeWithBoleto } from './fake-stripe-boleto';

/** The app in Stripe mode against a fresh fake Stripe, with a direct pool on its database. */
export interface StripeTestBed {
  fake: FakeStripeWithBoleto;
  app: TestApp;
  pool: pg.Pool;
  /** Delivers one event to the app's webhook, signed as Stripe would (or with another secret). */
  deliver(event: FakeStripeEvent, secret?: string): Promise<Response>;
  stop(): Promise<void>;
}

export async function startStripeTestBed(): Promise<StripeTestBed> {
  const fake = await new FakeStripeWithBoleto().start();
  const app = await startTestApp(fake.env);
  const pool = testPool({ connectionString: app.databaseUrl, max: 2 });
  return {
    fake,
    app,
    pool,
    deliver(event, secret) {
      const { body, signature } = fake.signed(event, secret);
      return fetch(`${app.url}/api/billing/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
    },
    async stop() {
      await pool.end();
      await app.stop();
      await fake.stop();
    },
  };
}
