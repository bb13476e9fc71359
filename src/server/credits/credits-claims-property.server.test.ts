import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool } from '#server/db/database.server';
import { createLogger } from '#server/logger.server';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { audit } from './ledger-audit.server';
import { clawback } from './ledger-claims.server';
import { grant } from './ledger-grants.server';
import { capture, voidHold } from './ledger-hold-resolution.server';
import { hold } from './ledger-holds.server';
import { restoreClawback } from './ledger-restorations.server';

/**
 * Refunds and disputes of one purchase, in every order their events can arrive (docs/billing-contract.md): claims
 * (a refund or a dispute opened, whole or a share), reversals (a dispute won, a refund failed; possibly before
 * their claim), replays of either, and the buyer's own spending (holds captured or voided) interleaved. Whatever the
 * order, once every hold is resolved the buyer keeps exactly the unspent part of what they paid for:
 * max(0, bought − spent − owed), where owed = min(bought, Σ wanted of the claims never reversed). The audit is clean.
 */

const T0 = Date.parse('2030-01-01T00:00:00Z');
const BOUGHT = 100;

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

type ClaimKind = 'refund' | 'dispute';
type Event =
  | { type: 'claim'; kind: ClaimKind; id: number; share: number | null }
  | { type: 'reverse'; kind: ClaimKind; id: number }
  | { type: 'hold'; amount: number }
  | { type: 'capture'; pick: number }
  | { type: 'void'; pick: number }
  | { type: 'replay' };

const claimKind = fc.constantFrom<ClaimKind>('refund', 'dispute');
const eventArbitrary: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('claim' as const),
      kind: claimKind,
      id: fc.integer({ min: 0, max: 2 }),
      share: fc.option(fc.integer({ min: 1, max: BOUGHT }), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('reverse' as const),
      kind: claimKind,
      id: fc.integer({ min: 0, max: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('hold' as const), amount: fc.integer({ min: 1, max: 60 }) }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('capture' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('void' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ type: 'replay' as const }) },
);

interface Purchase {
  userId: string;
  sourceRef: string;
  grantId: string;
}

/** A buyer with one purchase of BOUGHT credits and, bought later, a few credits of another grant never claimed. */
async function buyer(): Promise<Purchase> {
  const userId = await insertUser(pool, `claims-${randomUUID()}`);
  const sourceRef = `cs_${randomUUID()}`;
  const bought = await grant(
    pool,
    { userId, source: 'package', sourceRef, amount: BOUGHT, expiresAt: null },
    new Date(T0),
  );
  await grant(
    pool,
    { userId, source: 'adjustment', sourceRef: `gift-${randomUUID()}`, amount: 20, expiresAt: null },
    new Date(T0 + 1000),
  );
  return { userId, sourceRef, grantId: bought.grant.id };
}

/** Unspent credits of the purchase (its grant and the grants its reversals gave), and what was spent of them. */
async function purchaseState(purchase: Purchase): Promise<{ unspent: number; spent: number }> {
  const result = await pool.query<{ unspent: string; spent: string }>(
    `WITH family AS (
       SELECT id, remaining FROM credit_grants
       WHERE id = $1 OR (source = 'refund' AND metadata->>'grantId' = $1::text)
     )
     SELECT (SELECT COALESCE(SUM(remaining), 0) FROM family) AS unspent,
            (SELECT COALESCE(SUM(a.amount), 0) FROM credit_hold_allocations a
             JOIN credit_holds h ON h.id = a.hold_id
             WHERE h.status = 'captured' AND a.grant_id IN (SELECT id FROM family)) AS spent`,
    [purchase.grantId],
  );
  const row = result.rows[0];
  return { unspent: Number(row?.unspent ?? 0), spent: Number(row?.spent ?? 0) };
}

async function runEvents(events: Event[], resolveByCapture: boolean[]): Promise<void> {
  const purchase = await buyer();
  const { userId, sourceRef } = purchase;
  const wanted = new Map<string, number>();
  const reversed = new Set<string>();
  const holds: { id: string; pending: boolean }[] = [];
  let last: (() => Promise<{ created: boolean }>) | undefined;
  let now = T0 + 2000;
  // Provider ids are unique across buyers, like Stripe's.
  const run = randomUUID();

  const claim = (reference: string, share: number | null) => () =>
    clawback(
      pool,
      { userId, source: 'package', sourceRef, reference, ...(share === null ? {} : { maxAmount: share }) },
      new Date(now),
    );
  const reverse = (reference: string) => () =>
    restoreClawback(pool, { userId, source: 'package', sourceRef, reference }, new Date(now));

  for (const event of events) {
    now += 1000;
    switch (event.type) {
      case 'claim': {
        const reference = `${event.kind}:${run}-${event.id}`;
        const firstTime = !wanted.has(reference) && !reversed.has(reference);
        if (firstTime) wanted.set(reference, event.share ?? BOUGHT);
        last = claim(reference, event.share);
        expect((await last()).created).toBe(firstTime);
        break;
      }
      case 'reverse': {
        const reference = `${event.kind}:${run}-${event.id}`;
        const firstTime = !reversed.has(reference);
        reversed.add(reference);
        last = reverse(reference);
        expect((await last()).created).toBe(firstTime);
        break;
      }
      case 'replay':
        if (last) expect((await last()).created).toBe(false);
        break;
      case 'hold': {
        const result = await hold(
          pool,
          { userId, amount: event.amount, reference: randomUUID() },
          new Date(now),
        );
        if (result.ok) holds.push({ id: result.hold.id, pending: true });
        break;
      }
      case 'capture':
      case 'void': {
        const target = holds[event.pick % Math.max(holds.length, 1)];
        if (!target?.pending) break;
        if (event.type === 'capture') await capture(pool, target.id, new Date(now));
        else await voidHold(pool, target.id, new Date(now));
        target.pending = false;
        break;
      }
    }
  }

  for (const [index, pending] of holds.filter((h) => h.pending).entries()) {
    now += 1000;
    if (resolveByCapture[index % Math.max(resolveByCapture.length, 1)])
      await capture(pool, pending.id, new Date(now));
    else await voidHold(pool, pending.id, new Date(now));
  }

  const owed = Math.min(
    BOUGHT,
    [...wanted]
      .filter(([reference]) => !reversed.has(reference))
      .reduce((sum, [, credits]) => sum + credits, 0),
  );
  const { unspent, spent } = await purchaseState(purchase);
  expect(unspent).toBe(Math.max(0, BOUGHT - spent - owed));
  expect(await audit(pool, userId)).toEqual([]);
}

it('leaves the buyer what they paid for, for any order of refunds, disputes, reversals and spending', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(eventArbitrary, { minLength: 3, maxLength: 16 }),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
      runEvents,
    ),
    { numRuns: 60 },
  );
}, 90_000);

/** Every arrangement of a list (n! of them). */
function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

it('a purchase refunded and disputed while its credits were held keeps nothing, in all 120 orders', async () => {
  // 40 of the 100 credits held by a video when the events arrive; the video then fails (void) or is delivered.
  const events: Event[] = [
    { type: 'claim', kind: 'refund', id: 0, share: null },
    { type: 'claim', kind: 'dispute', id: 0, share: null },
    { type: 'reverse', kind: 'dispute', id: 0 },
    { type: 'void', pick: 0 },
    { type: 'replay' },
  ];
  for (const order of permutations(events)) {
    await runEvents([{ type: 'hold', amount: 40 }, ...order], [false]);
  }
}, 120_000);
