import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool } from '#server/db/database.server';
import { createLogger } from '#server/logger.server';
import { EXPIRING_SOON_WINDOW_DAYS, REFUND_GRANT_VALIDITY_DAYS } from '#shared/catalogue';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { audit } from './ledger-audit.server';
import { expiringSoon } from './ledger-expiry.server';
import { grant } from './ledger-grants.server';
import { capture, voidHold } from './ledger-hold-resolution.server';
import { hold } from './ledger-holds.server';
import { balance, listGrants } from './ledger-reads.server';

/**
 * Model-based property test: random sequences of grants (with and without expiry, some replayed), holds (some
 * replayed), captures, voids and clock moves run against the real ledger and against a plain in-memory model
 * of the spec's rules. After every step the balance, each grant's remaining and the expiring-soon figures must
 * match the model; at the end the audit must be clean.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const T0 = Date.parse('2030-01-01T00:00:00Z');

let db: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 4, createLogger('silent'));
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

type Op =
  | { type: 'grant'; amount: number; expiryHours: number | null; replay: boolean }
  | { type: 'hold'; amount: number; replay: boolean }
  | { type: 'capture'; pick: number }
  | { type: 'void'; pick: number }
  | { type: 'advance'; hours: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('grant' as const),
      amount: fc.integer({ min: 1, max: 60 }),
      expiryHours: fc.option(fc.integer({ min: 1, max: 24 * 40 }), { nil: null }),
      replay: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('hold' as const),
      amount: fc.integer({ min: 1, max: 80 }),
      replay: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('capture' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('void' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('advance' as const),
      hours: fc.integer({ min: 1, max: 24 * 12 }),
    }),
  },
);

interface ModelGrant {
  id: string;
  amount: number;
  remaining: number;
  expiresAt: number | null;
  createdAt: number;
}

interface ModelHold {
  id: string;
  reference: string;
  amount: number;
  status: 'pending' | 'captured' | 'voided';
  allocations: { grantId: string; amount: number }[];
}

const isValid = (g: ModelGrant, now: number) => g.expiresAt === null || g.expiresAt > now;

/** The spec's spend order, written independently of the SQL: soonest expiry, no expiry last, oldest, id. */
function spendOrder(grants: ModelGrant[], now: number): ModelGrant[] {
  return grants
    .filter((g) => g.remaining > 0 && isValid(g, now))
    .sort(
      (a, b) =>
        (a.expiresAt ?? Number.POSITIVE_INFINITY) - (b.expiresAt ?? Number.POSITIVE_INFINITY) ||
        a.createdAt - b.createdAt ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

async function runSequence(ops: Op[]): Promise<void> {
  const userId = await insertUser(pool, `prop-${randomUUID()}`);
  const grants: ModelGrant[] = [];
  const holds: ModelHold[] = [];
  let now = T0;
  let lastGrant: { sourceRef: string; amount: number; expiresAt: Date | null } | undefined;

  for (const op of ops) {
    const date = new Date(now);
    switch (op.type) {
      case 'advance':
        now += op.hours * HOUR_MS;
        break;
      case 'grant': {
        if (op.replay && lastGrant) {
          const again = await grant(pool, { userId, source: 'package', ...lastGrant }, date);
          expect(again.created).toBe(false);
          break;
        }
        const sourceRef = `cs_${randomUUID()}`;
        const expiresAt = op.expiryHours === null ? null : new Date(now + op.expiryHours * HOUR_MS);
        const result = await grant(
          pool,
          { userId, source: 'package', sourceRef, amount: op.amount, expiresAt },
          date,
        );
        expect(result.created).toBe(true);
        lastGrant = { sourceRef, amount: op.amount, expiresAt };
        grants.push({
          id: result.grant.id,
          amount: op.amount,
          remaining: op.amount,
          expiresAt: expiresAt?.getTime() ?? null,
          createdAt: now,
        });
        break;
      }
      case 'hold': {
        const previous = holds.at(-1);
        if (op.replay && previous) {
          const again = await hold(
            pool,
            { userId, amount: previous.amount, reference: previous.reference },
            date,
          );
          expect(again).toMatchObject({
            ok: true,
            created: false,
            hold: { id: previous.id, status: previous.status },
          });
          break;
        }
        const reference = `req-${randomUUID()}`;
        const result = await hold(pool, { userId, amount: op.amount, reference }, date);
        const order = spendOrder(grants, now);
        const available = order.reduce((sum, g) => sum + g.remaining, 0);
        if (available < op.amount) {
          expect(result).toEqual({ ok: false, reason: 'insufficient_credits', balance: available });
          break;
        }
        if (!result.ok)
          throw new Error(`hold refused with ${result.balance} while the model has ${available}`);
        const allocations: ModelHold['allocations'] = [];
        let needed = op.amount;
        for (const g of order) {
          if (needed === 0) break;
          const take = Math.min(needed, g.remaining);
          g.remaining -= take;
          needed -= take;
          allocations.push({ grantId: g.id, amount: take });
        }
        holds.push({ id: result.hold.id, reference, amount: op.amount, status: 'pending', allocations });
        break;
      }
      case 'capture': {
        const target = holds[op.pick % Math.max(holds.length, 1)];
        if (!target) break;
        const result = await capture(pool, target.id, date);
        // Resolved at most once: only a pending hold changes, and it stays as first resolved.
        expect(result.changed).toBe(target.status === 'pending');
        if (result.changed) target.status = 'captured';
        expect(result.hold.status).toBe(target.status);
        break;
      }
      case 'void': {
        const target = holds[op.pick % Math.max(holds.length, 1)];
        if (!target) break;
        const result = await voidHold(pool, target.id, date);
        expect(result.changed).toBe(target.status === 'pending');
        if (result.changed) {
          target.status = 'voided';
          let expired = 0;
          for (const allocation of target.allocations) {
            const g = grants.find((candidate) => candidate.id === allocation.grantId);
            if (!g) throw new Error('allocation to an unknown grant');
            if (isValid(g, now)) g.remaining += allocation.amount;
            else expired += allocation.amount;
          }
          if (expired === 0) {
            expect(result.refundGrant).toBeNull();
          } else {
            const refund = result.refundGrant;
            expect(refund).toMatchObject({ amount: expired, remaining: expired, source: 'refund' });
            expect(refund?.expiresAt?.getTime()).toBe(now + REFUND_GRANT_VALIDITY_DAYS * DAY_MS);
            grants.push({
              id: refund?.id ?? '',
              amount: expired,
              remaining: expired,
              expiresAt: now + REFUND_GRANT_VALIDITY_DAYS * DAY_MS,
              createdAt: now,
            });
          }
        }
        expect(result.hold.status).toBe(target.status);
        break;
      }
    }

    const current = new Date(now);
    const expectedBalance = grants.filter((g) => isValid(g, now)).reduce((sum, g) => sum + g.remaining, 0);
    const actualBalance = await balance(pool, userId, current);
    expect(actualBalance).toBeGreaterThanOrEqual(0);
    expect(actualBalance).toBe(expectedBalance);

    const stored = await listGrants(pool, userId, current);
    expect(new Map(stored.map((g) => [g.id, g.remaining]))).toEqual(
      new Map(grants.map((g) => [g.id, g.remaining])),
    );

    const windowEnd = now + EXPIRING_SOON_WINDOW_DAYS * DAY_MS;
    const soon = grants.filter(
      (g) => g.remaining > 0 && g.expiresAt !== null && g.expiresAt > now && g.expiresAt <= windowEnd,
    );
    const soonest = Math.min(...soon.map((g) => g.expiresAt ?? Number.POSITIVE_INFINITY));
    expect(await expiringSoon(pool, userId, current)).toEqual(
      soon.length === 0
        ? { total: 0, daysLeft: null }
        : {
            total: soon.reduce((sum, g) => sum + g.remaining, 0),
            daysLeft: Math.ceil((soonest - now) / DAY_MS),
          },
    );
  }

  expect(await audit(pool, userId)).toEqual([]);
}

it('keeps balance, grants and audit consistent over random sequences of operations', async () => {
  await fc.assert(fc.asyncProperty(fc.array(opArbitrary, { minLength: 5, maxLength: 30 }), runSequence), {
    numRuns: 80,
  });
}, 60_000);
