import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '#server/db/database.server';
import { createLogger } from '#server/logger.server';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { audit } from './ledger-audit.server';
import { clawback } from './ledger-claims.server';
import { grant } from './ledger-grants.server';
import { voidHold } from './ledger-hold-resolution.server';
import { hold } from './ledger-holds.server';
import { balance } from './ledger-reads.server';

const T0 = new Date('2030-01-01T12:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(T0.getTime() + days * DAY_MS);

let db: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 5, createLogger('silent'));
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** A package of `amount` credits expiring in a day, `held` of them held by a video at T0. */
async function heldPackage(amount: number, held: number) {
  const userId = await insertUser(pool);
  const sourceRef = `cs_${randomUUID()}`;
  await grant(pool, { userId, amount, source: 'package', sourceRef, expiresAt: at(1) }, T0);
  const placed = await hold(pool, { userId, amount: held, reference: `req-${randomUUID()}` }, T0);
  if (!placed.ok) throw new Error('the hold should succeed');
  return { userId, sourceRef, holdId: placed.hold.id };
}

describe('a void whose hold drew on a grant that expired meanwhile', () => {
  it("takes the refunded purchase's outstanding clawback from the credits it gives back", async () => {
    const { userId, sourceRef, holdId } = await heldPackage(10, 10);
    // The purchase is refunded while its credits are held: nothing unspent to take yet, the claim waits.
    const claimed = await clawback(
      pool,
      { userId, source: 'package', sourceRef, reference: `re_${randomUUID()}` },
      at(0.5),
    );
    expect(claimed.amount).toBe(0);
    // The video fails after the package expired: its credits come back as a refund grant — owed to the claim.
    const voided = await voidHold(pool, holdId, at(2));
    expect(voided.refundGrant?.amount).toBe(10);
    expect(await balance(pool, userId, at(2))).toBe(0);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('takes only what the claim is owed: a partial refund leaves the rest of the refund grant spendable', async () => {
    const { userId, sourceRef, holdId } = await heldPackage(10, 10);
    await clawback(
      pool,
      { userId, source: 'package', sourceRef, reference: `re_${randomUUID()}`, maxAmount: 4 },
      at(0.5),
    );
    await voidHold(pool, holdId, at(2));
    expect(await balance(pool, userId, at(2))).toBe(6);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('with no claim on the purchase, every credit comes back as before', async () => {
    const { userId, holdId } = await heldPackage(10, 10);
    await voidHold(pool, holdId, at(2));
    expect(await balance(pool, userId, at(2))).toBe(10);
    expect(await audit(pool, userId)).toEqual([]);
  });
});
