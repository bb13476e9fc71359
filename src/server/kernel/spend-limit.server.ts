import type { Context } from 'hono';
import type pg from 'pg';
import type { AppEnv } from './errors.server';

/**
 * A spending allowance a request carries besides the balance: an API key's daily credit limit (ADR 0063). The
 * api-keys room gives it to the request, the creates that hold credits (videos room) claim from it inside their
 * transaction, before the hold, so a refused or replayed create claims nothing.
 */
export interface SpendLimit {
  /**
   * Claims `credits` for the hold `reference`, or says the allowance would be passed. Called in the create's
   * transaction: what it writes commits or rolls back with the hold.
   */
  claim(client: pg.PoolClient, credits: number, reference: string): Promise<SpendClaim>;
}

export type SpendClaim = { ok: true } | { ok: false; limit: number; spent: number };

const limits = new WeakMap<Context<AppEnv>, SpendLimit>();

export function limitSpending(c: Context<AppEnv>, limit: SpendLimit): void {
  limits.set(c, limit);
}

/** The request's spending allowance; undefined when only the balance bounds it (the web's session). */
export function spendLimitOf(c: Context<AppEnv>): SpendLimit | undefined {
  return limits.get(c);
}
