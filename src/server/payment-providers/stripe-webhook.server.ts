import type { Context } from 'hono';
import type pg from 'pg';
import type Stripe from 'stripe';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import type { StripePaymentProvider } from './stripe-provider.server';

/**
 * `POST /api/billing/stripe/webhook` (mounted by billing's routes, which refuse a large body first). The signature is checked on the raw body before anything else (400 and no
 * change when it fails). Events are deduplicated by id: one already processed is answered at once. Dedupe is only
 * a shortcut — the handlers are idempotent and fetch current state, so an event processed twice (two deliveries
 * racing, or a crash before `processed_at` was written) still grants once. Processing happens before the answer,
 * so a failure answers 500 and Stripe retries it; the work is a few Stripe reads and short transactions, well
 * within Stripe's timeout.
 */
export class StripeWebhook {
  constructor(
    private readonly pool: pg.Pool,
    private readonly stripe: Stripe,
    private readonly secret: string,
    private readonly provider: StripePaymentProvider,
  ) {}

  async handle(c: Context<AppEnv>): Promise<Response> {
    const payload = await c.req.text();
    const signature = c.req.header('stripe-signature');
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no Stripe-Signature header');
      event = this.stripe.webhooks.constructEvent(payload, signature, this.secret);
    } catch (error) {
      c.get('logger').warn({ err: error }, 'Stripe webhook with a bad signature refused');
      return apiError(c, 400, 'invalid_signature', 'Assinatura do webhook inválida.');
    }

    await this.pool.query(
      'INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
      [event.id, event.type],
    );
    const seen = await this.pool.query<{ processed_at: Date | null }>(
      'SELECT processed_at FROM stripe_events WHERE id = $1',
      [event.id],
    );
    if (seen.rows[0]?.processed_at) return c.json({ received: true, duplicate: true });

    try {
      await this.provider.handleEvent(event);
    } catch (error) {
      c.get('logger').error(
        { err: error, event: event.id, type: event.type },
        'Stripe event failed; Stripe will retry',
      );
      return apiError(c, 500, 'webhook_failed', 'Falha ao processar o evento.');
    }
    await this.pool.query(
      'UPDATE stripe_events SET processed_at = now() WHERE id = $1 AND processed_at IS NULL',
      [event.id],
    );
    return c.json({ received: true });
  }
}
