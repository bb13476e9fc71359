import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderQuotaError } from '../../src/server/video-providers/video-provider.server';
import { MODE_RESOLUTION } from '../../src/shared/catalogue';
import { createCostCents } from '../../src/shared/provider-prices';

/** bench:queue's provider (scripts/bench-queue.ts): the project quota on a compressed clock. */

/** Whether the provider's rate and in-progress 429s name their limit (ADR 0061). */
export type Refusals = 'stated' | 'unstated';

export const MINUTE_MS = 1_000;
/**
 * The spend cap binds below the request rate: 45 000 cents per 10 "minutes" of 56-cent Fast creates is about 80
 * creates a second against the 100 the rate allows (ADR 0061).
 */
export const QUOTA = {
  requestsPerMinute: 100,
  inFlight: 40,
  generationMs: 200,
  spendCentsPer10Minutes: 45_000,
};
/** A burst of 429s that name no limit (as the spend cap's do), 10 s in: the budget must read it and recover. */
export const BURST = { atMs: 10_000, refusals: 8 };
export const MODEL = 'gemini-omni-1.1-flash';
export const COST_CENTS = createCostCents(MODEL, MODE_RESOLUTION.fast);
export const SPEND_WINDOW_MS = 10 * MINUTE_MS;

/**
 * The provider's side of the quota: what Google would accept, counted the way [QUOTA] and [SPEND] in the fake count
 * it (refused creates count for nothing), and a burst of unexplained 429s at BURST.atMs.
 */
export class QuotaProvider {
  constructor(private readonly mode: Refusals) {}
  private readonly accepted: number[] = [];
  private readonly running = new Map<string, number>();
  private readonly billed: number[] = [];
  private readonly startedAt = Date.now();
  private burstLeft = BURST.refusals;
  refusals = 0;
  spendRefusals = 0;
  maxSpendCents = 0;

  submit(): string {
    const now = Date.now();
    while (this.accepted.length > 0 && now - (this.accepted[0] ?? 0) >= MINUTE_MS) this.accepted.shift();
    while (this.billed.length > 0 && now - (this.billed[0] ?? 0) >= SPEND_WINDOW_MS) this.billed.shift();
    for (const [id, doneAt] of this.running) if (doneAt <= now) this.running.delete(id);
    if (now - this.startedAt >= BURST.atMs && this.burstLeft > 0) {
      this.burstLeft -= 1;
      this.refusals += 1;
      throw new ProviderQuotaError('RESOURCE_EXHAUSTED', 50);
    }
    if (this.accepted.length >= QUOTA.requestsPerMinute || this.running.size >= QUOTA.inFlight) {
      this.refusals += 1;
      const byRate = this.accepted.length >= QUOTA.requestsPerMinute;
      const waitMs = byRate
        ? (this.accepted[0] ?? now) + MINUTE_MS - now
        : Math.min(...this.running.values()) - now;
      throw new ProviderQuotaError(
        'RESOURCE_EXHAUSTED',
        Math.max(waitMs, 1),
        this.mode === 'unstated'
          ? []
          : [
              byRate
                ? { dimension: 'requestsPerMinute', limit: QUOTA.requestsPerMinute }
                : { dimension: 'inFlight', limit: QUOTA.inFlight },
            ],
      );
    }
    const spent = this.billed.length * COST_CENTS;
    if (spent + COST_CENTS > QUOTA.spendCentsPer10Minutes) {
      this.refusals += 1;
      this.spendRefusals += 1;
      throw new ProviderQuotaError('RESOURCE_EXHAUSTED', (this.billed[0] ?? now) + SPEND_WINDOW_MS - now);
    }
    this.billed.push(now);
    this.maxSpendCents = Math.max(this.maxSpendCents, spent + COST_CENTS);
    const id = randomUUID();
    this.accepted.push(now);
    this.running.set(id, now + QUOTA.generationMs);
    return id;
  }

  async waitDone(id: string): Promise<void> {
    const doneAt = this.running.get(id) ?? Date.now();
    await sleep(Math.max(0, doneAt - Date.now()));
  }
}
