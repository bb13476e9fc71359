import type { Context } from 'hono';
import type pg from 'pg';
import { DEFAULT_TIME_ZONE } from '#shared/accounts';
import { startOfZonedDay } from '#shared/time';
import { type AppEnv, apiError } from './errors.server';

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

/** Seconds until the next day starts in São Paulo, when a key's daily limit starts again. */
function secondsToSaoPauloMidnight(now: Date): number {
  const tomorrow = startOfZonedDay(new Date(now.getTime() + 86_400_000), DEFAULT_TIME_ZONE);
  return Math.max(1, Math.ceil((tomorrow.getTime() - now.getTime()) / 1000));
}

/**
 * The answer to a create refused by its allowance (`SpendClaim` not ok), the same for every create that holds
 * credits — a video, a story's drafts, its finish: 429 with Retry-After until the limit starts again.
 */
export function spendLimitRefusal(c: Context<AppEnv>, limit: number, now: Date = new Date()): Response {
  c.header('Retry-After', String(secondsToSaoPauloMidnight(now)));
  return apiError(
    c,
    429,
    'api_key_daily_limit',
    `Esta chave de API chegou ao limite de ${limit} créditos por dia. O limite volta à meia-noite (horário de Brasília).`,
  );
}
