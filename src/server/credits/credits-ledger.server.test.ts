import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '#server/db/database.server';
import { createLogger } from '#server/logger.server';
import { REFUND_GRANT_VALIDITY_DAYS } from '#shared/catalogue';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { audit } from './ledger-audit.server';
import { expiringSoon } from './ledger-expiry.server';
import { type GrantInput, grant } from './ledger-grants.server';
import { capture, voidHold } from './ledger-hold-resolution.server';
import { hold } from './ledger-holds.server';
import { CreditsConflictError, HoldNotFoundError } from './ledger-inputs.server';
import { balance, listGrants, recentEntries } from './ledger-reads.server';

const T0 = new Date('2030-01-01T12:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(T0.getTime() + days * DAY_MS);

let db: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 25, createLogger('silent'));
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const newUser = () => insertUser(pool);

async function give(
  userId: string,
  amount: number,
  expiresAt: Date | null,
  extra: Partial<GrantInput> = {},
  now = T0,
) {
  const result = await grant(
    pool,
    { userId, amount, source: 'package', sourceRef: `cs_${randomUUID()}`, expiresAt, ...extra },
    now,
  );
  return result.grant;
}

async function remainingById(userId: string): Promise<Map<string, number>> {
  return new Map((await listGrants(pool, userId, T0)).map((g) => [g.id, g.remaining]));
}

async function holdOk(userId: string, amount: number, now = T0, reference = `req-${randomUUID()}`) {
  const result = await hold(pool, { userId, amount, reference }, now);
  if (!result.ok) throw new Error(`expected the hold to succeed, balance ${result.balance}`);
  return result.hold;
}

describe('spending rules (spec §4)', () => {
  it('takes from the grant expiring soonest first and grants without expiry last', async () => {
    const user = await newUser();
    const never = await give(user, 5, null);
    const in10 = await give(user, 5, at(10));
    const in3 = await give(user, 5, at(3));
    const in20 = await give(user, 5, at(20));

    await holdOk(user, 12);
    const left = await remainingById(user);
    expect(left.get(in3.id)).toBe(0);
    expect(left.get(in10.id)).toBe(0);
    expect(left.get(in20.id)).toBe(3);
    expect(left.get(never.id)).toBe(5);

    await holdOk(user, 5);
    const after = await remainingById(user);
    expect(after.get(in20.id)).toBe(0);
    expect(after.get(never.id)).toBe(3);
    expect(await balance(pool, user, T0)).toBe(3);
  });

  it('breaks ties on equal expiry by the older grant', async () => {
    const user = await newUser();
    const older = await give(user, 5, at(5), {}, at(-2));
    const newer = await give(user, 5, at(5), {}, at(-1));
    await holdOk(user, 4);
    const left = await remainingById(user);
    expect(left.get(older.id)).toBe(1);
    expect(left.get(newer.id)).toBe(5);
  });

  it('skips expired and empty grants', async () => {
    const user = await newUser();
    const emptied = await give(user, 5, at(2));
    await holdOk(user, 5); // empties `emptied`: still valid at 1.5 days, but nothing left
    const expired = await give(user, 50, at(1));
    const valid = await give(user, 20, at(30));
    const now = at(1.5); // `expired` is past its expiry from here on

    await holdOk(user, 7, now);
    const left = await remainingById(user);
    expect(left.get(expired.id)).toBe(50);
    expect(left.get(emptied.id)).toBe(0);
    expect(left.get(valid.id)).toBe(13);
    expect(await balance(pool, user, now)).toBe(13);
  });

  it('consumes nothing when the valid total is short, even if expired credits would cover it', async () => {
    const user = await newUser();
    await give(user, 100, at(1));
    await give(user, 5, at(10));
    await give(user, 3, null);
    const now = at(2);
    const before = await listGrants(pool, user, now);
    const entriesBefore = await recentEntries(pool, user, 100);

    const result = await hold(pool, { userId: user, amount: 10, reference: `req-${randomUUID()}` }, now);
    expect(result).toEqual({ ok: false, reason: 'insufficient_credits', balance: 8 });
    expect(await listGrants(pool, user, now)).toEqual(before);
    expect(await recentEntries(pool, user, 100)).toEqual(entriesBefore);
    expect(await balance(pool, user, now)).toBe(8);
  });

  it('answers insufficient with balance 0 for a user who never had credits', async () => {
    expect(
      await hold(pool, { userId: await newUser(), amount: 1, reference: `req-${randomUUID()}` }, T0),
    ).toEqual({
      ok: false,
      reason: 'insufficient_credits',
      balance: 0,
    });
  });

  it('does not count expired credits in the balance (expiry at exactly now is expired)', async () => {
    const user = await newUser();
    await give(user, 10, at(1));
    await give(user, 4, null, {}, at(0.5)); // created later: listed first
    expect(await balance(pool, user, at(0.5))).toBe(14);
    expect(await balance(pool, user, new Date(at(1).getTime() - 1))).toBe(14);
    expect(await balance(pool, user, at(1))).toBe(4);
    expect(await balance(pool, user, at(400))).toBe(4);
    const views = await listGrants(pool, user, at(1));
    expect(views.map((g) => [g.amount, g.expired])).toEqual([
      [4, false],
      [10, true],
    ]);
  });
});

describe('idempotency', () => {
  it('grants once per source reference, also when the calls race', async () => {
    const user = await newUser();
    const input = { userId: user, amount: 100, source: 'package', sourceRef: `cs_${randomUUID()}` } as const;
    const first = await grant(pool, { ...input, expiresAt: at(30) }, T0);
    // A retry computes its expiry from its own clock: still the same grant.
    const second = await grant(pool, { ...input, expiresAt: at(31) }, at(1));
    expect(first.created).toBe(true);
    expect(second).toEqual({ grant: first.grant, created: false });

    const raced = { ...input, sourceRef: `in_${randomUUID()}`, expiresAt: null };
    const results = await Promise.all(Array.from({ length: 10 }, () => grant(pool, raced, T0)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.grant.id)).size).toBe(1);

    expect(await balance(pool, user, T0)).toBe(200);
    expect((await recentEntries(pool, user, 100)).filter((e) => e.kind === 'grant')).toHaveLength(2);
  });

  it('refuses a source reference reused for another user or amount', async () => {
    const input = { amount: 10, source: 'plan', sourceRef: `in_${randomUUID()}`, expiresAt: null } as const;
    await grant(pool, { ...input, userId: await newUser() }, T0);
    await expect(grant(pool, { ...input, userId: await newUser() }, T0)).rejects.toThrow(
      CreditsConflictError,
    );
  });

  it('holds once per reference, also on a double click', async () => {
    const user = await newUser();
    await give(user, 100, null);
    const reference = `req-${randomUUID()}`;
    const first = await hold(pool, { userId: user, amount: 10, reference }, T0);
    const again = await hold(pool, { userId: user, amount: 10, reference }, T0);
    expect(first.ok && first.created).toBe(true);
    expect(again.ok && !again.created && again.hold.id === (first.ok && first.hold.id)).toBe(true);

    const clicked = `req-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => hold(pool, { userId: user, amount: 10, reference: clicked }, T0)),
    );
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => (r.ok ? r.hold.id : 'refused'))).size).toBe(1);
    expect(await balance(pool, user, T0)).toBe(80);

    await expect(hold(pool, { userId: user, amount: 25, reference }, T0)).rejects.toThrow(
      CreditsConflictError,
    );
    await expect(hold(pool, { userId: await newUser(), amount: 10, reference }, T0)).rejects.toThrow(
      CreditsConflictError,
    );
  });

  it('refuses one of two different users racing with the same reference', async () => {
    const [a, b] = [await newUser(), await newUser()];
    await Promise.all([give(a, 10, null), give(b, 10, null)]);
    const reference = `req-${randomUUID()}`;
    const results = await Promise.allSettled([
      hold(pool, { userId: a, amount: 5, reference }, T0),
      hold(pool, { userId: b, amount: 5, reference }, T0),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(CreditsConflictError);
    expect((await balance(pool, a, T0)) + (await balance(pool, b, T0))).toBe(15);
  });

  it('returns a resolved hold for a retried reference instead of holding again', async () => {
    const user = await newUser();
    await give(user, 30, null);
    const reference = `req-${randomUUID()}`;
    const held = await holdOk(user, 10, T0, reference);
    await voidHold(pool, held.id, T0);
    const retried = await hold(pool, { userId: user, amount: 10, reference }, T0);
    expect(retried).toMatchObject({ ok: true, created: false, hold: { id: held.id, status: 'voided' } });
    expect(await balance(pool, user, T0)).toBe(30);
  });

  it('captures exactly once; void after capture changes nothing', async () => {
    const user = await newUser();
    await give(user, 30, null);
    const held = await holdOk(user, 10);
    const first = await capture(pool, held.id, at(0.1));
    expect(first.changed).toBe(true);
    expect(first.hold).toMatchObject({ status: 'captured', resolvedAt: at(0.1) });
    expect((await capture(pool, held.id, at(0.2))).changed).toBe(false);
    const voided = await voidHold(pool, held.id, at(0.3));
    expect(voided).toMatchObject({ changed: false, refundGrant: null, hold: { status: 'captured' } });
    expect(voided.hold.resolvedAt).toEqual(at(0.1));
    expect(await balance(pool, user, T0)).toBe(20);
    const kinds = (await recentEntries(pool, user, 10)).map((e) => e.kind);
    expect(kinds).toEqual(['capture', 'hold', 'grant']);
  });

  it('voids exactly once; capture after void changes nothing', async () => {
    const user = await newUser();
    await give(user, 30, null);
    const held = await holdOk(user, 10);
    expect((await voidHold(pool, held.id, T0)).changed).toBe(true);
    expect((await voidHold(pool, held.id, T0)).changed).toBe(false);
    expect(await capture(pool, held.id, T0)).toMatchObject({ changed: false, hold: { status: 'voided' } });
    expect(await balance(pool, user, T0)).toBe(30);
    expect((await recentEntries(pool, user, 10)).map((e) => e.kind)).toEqual(['void', 'hold', 'grant']);
  });

  it('resolves a hold once when captures and voids race', async () => {
    const user = await newUser();
    await give(user, 100, null);
    const holds = await Promise.all(Array.from({ length: 5 }, () => holdOk(user, 10)));
    for (const held of holds) {
      const results = await Promise.all([
        capture(pool, held.id, T0),
        voidHold(pool, held.id, T0),
        capture(pool, held.id, T0),
        voidHold(pool, held.id, T0),
      ]);
      expect(results.filter((r) => r.changed)).toHaveLength(1);
    }
    expect(await audit(pool, user)).toEqual([]);
  });

  it('reports an unknown hold', async () => {
    await expect(capture(pool, randomUUID(), T0)).rejects.toThrow(HoldNotFoundError);
    await expect(voidHold(pool, randomUUID(), T0)).rejects.toThrow(HoldNotFoundError);
  });
});

describe('void', () => {
  it('gives each part back to the grant it came from', async () => {
    const user = await newUser();
    const soon = await give(user, 5, at(10));
    const never = await give(user, 10, null);
    const held = await holdOk(user, 8);
    expect(await remainingById(user)).toEqual(
      new Map([
        [soon.id, 0],
        [never.id, 7],
      ]),
    );
    const voided = await voidHold(pool, held.id, at(1));
    expect(voided).toMatchObject({ changed: true, refundGrant: null, hold: { status: 'voided' } });
    expect(await remainingById(user)).toEqual(
      new Map([
        [soon.id, 5],
        [never.id, 10],
      ]),
    );
    expect(await audit(pool, user)).toEqual([]);
  });

  it('returns the part of a grant that expired meanwhile as a refund grant valid 7 days', async () => {
    const user = await newUser();
    const soon = await give(user, 5, at(1));
    const never = await give(user, 10, null);
    const held = await holdOk(user, 8);
    const voidedAt = at(2);

    const voided = await voidHold(pool, held.id, voidedAt);
    expect(voided.refundGrant).toMatchObject({
      userId: user,
      amount: 5,
      remaining: 5,
      source: 'refund',
      sourceRef: `hold:${held.id}`,
      expiresAt: at(2 + REFUND_GRANT_VALIDITY_DAYS),
    });
    const left = await remainingById(user);
    expect(left.get(soon.id)).toBe(0);
    expect(left.get(never.id)).toBe(10);
    expect(await balance(pool, user, voidedAt)).toBe(15);
    expect(await balance(pool, user, at(2 + REFUND_GRANT_VALIDITY_DAYS))).toBe(10);
    expect((await voidHold(pool, held.id, at(3))).changed).toBe(false);
    expect((await listGrants(pool, user, voidedAt)).filter((g) => g.source === 'refund')).toHaveLength(1);
    expect(await audit(pool, user)).toEqual([]);
  });

  it('refuses a caller-made refund with a hold: reference', async () => {
    await expect(
      grant(
        pool,
        {
          userId: await newUser(),
          amount: 5,
          source: 'refund',
          sourceRef: `hold:${randomUUID()}`,
          expiresAt: null,
        },
        T0,
      ),
    ).rejects.toThrow(/reserved/);
  });
});

describe('expiringSoon', () => {
  it('sums the credits expiring within 7 days and counts whole days to the first, rounded up', async () => {
    const user = await newUser();
    expect(await expiringSoon(pool, user, T0)).toEqual({ total: 0, daysLeft: null });
    await give(user, 10, at(2.5));
    await give(user, 5, at(6));
    await give(user, 20, at(8)); // outside the window
    await give(user, 7, null);
    await give(user, 30, at(-1)); // already expired
    expect(await expiringSoon(pool, user, T0)).toEqual({ total: 15, daysLeft: 3 });
    expect(await expiringSoon(pool, user, at(2))).toEqual({ total: 35, daysLeft: 1 });

    await holdOk(user, 10); // empties the 2.5-day grant: it no longer expires anything
    expect(await expiringSoon(pool, user, T0)).toEqual({ total: 5, daysLeft: 6 });
    expect(await expiringSoon(pool, user, at(9))).toEqual({ total: 0, daysLeft: null });
  });
});

describe('concurrency', () => {
  it('accepts exactly 10 of 200 concurrent holds of 10 against a balance of 100', async () => {
    const user = await newUser();
    await give(user, 40, at(5));
    await give(user, 35, at(9));
    await give(user, 25, null);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        hold(pool, { userId: user, amount: 10, reference: `req-${user}-${i}` }, T0),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok)).toHaveLength(190);
    expect(await balance(pool, user, T0)).toBe(0);
    expect((await listGrants(pool, user, T0)).every((g) => g.remaining === 0)).toBe(true);
    expect(await audit(pool, user)).toEqual([]);
  });

  it('keeps users apart: concurrent holds of different users all succeed', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, newUser));
    await Promise.all(users.map((user) => give(user, 10, null)));
    const results = await Promise.all(
      users.map((user) => hold(pool, { userId: user, amount: 10, reference: user })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
  });
});

describe('ledger integrity', () => {
  it('rejects updating or deleting ledger entries and allocations', async () => {
    const user = await newUser();
    await give(user, 10, null);
    await holdOk(user, 3);
    await expect(
      pool.query('UPDATE credit_ledger_entries SET amount = 1000 WHERE user_id = $1', [user]),
    ).rejects.toThrow(/append-only/);
    await expect(pool.query('DELETE FROM credit_ledger_entries WHERE user_id = $1', [user])).rejects.toThrow(
      /append-only/,
    );
    await expect(pool.query('UPDATE credit_hold_allocations SET amount = 1')).rejects.toThrow(/append-only/);
    await expect(pool.query('TRUNCATE credit_ledger_entries CASCADE')).rejects.toThrow(/append-only/);
  });

  it('lists recent entries newest first, one per grant a hold touched', async () => {
    const user = await newUser();
    const a = await give(user, 4, at(3));
    const b = await give(user, 10, null);
    const held = await holdOk(user, 6);
    const entries = await recentEntries(pool, user, 3);
    expect(entries.map((e) => [e.kind, e.amount, e.grantId, e.holdId])).toEqual([
      ['hold', -2, b.id, held.id],
      ['hold', -4, a.id, held.id],
      ['grant', 10, b.id, null],
    ]);
  });

  it('audits clean after normal use and reports a corrupted grant or hold', async () => {
    const user = await newUser();
    const bystander = await newUser();
    const target = await give(user, 20, at(10));
    await give(user, 5, null);
    await give(bystander, 5, null);
    const captured = await holdOk(user, 12);
    await capture(pool, captured.id, T0);
    const pending = await holdOk(user, 3);
    expect(await audit(pool, user)).toEqual([]);

    await pool.query('UPDATE credit_grants SET remaining = remaining + 1 WHERE id = $1', [target.id]);
    const problems = await audit(pool, user);
    expect(problems.map((p) => [p.code, p.grantId])).toEqual([
      ['grant_ledger_mismatch', target.id],
      ['grant_allocation_mismatch', target.id],
    ]);
    expect((await audit(pool)).some((p) => p.grantId === target.id)).toBe(true);
    expect(await audit(pool, bystander)).toEqual([]);

    await pool.query('UPDATE credit_grants SET remaining = remaining - 1 WHERE id = $1', [target.id]);
    expect(await audit(pool, user)).toEqual([]);
    // A hold marked resolved by hand, without the capture entry that resolving writes.
    await pool.query("UPDATE credit_holds SET status = 'captured', resolved_at = $2 WHERE id = $1", [
      pending.id,
      T0,
    ]);
    expect((await audit(pool, user)).map((p) => [p.code, p.holdId])).toEqual([
      ['hold_resolution', pending.id],
    ]);
  });
});

describe('validation', () => {
  it('rejects bad amounts, keys and ids before touching the database', async () => {
    const user = await newUser();
    const base = { userId: user, source: 'package', sourceRef: 'x', expiresAt: null } as const;
    for (const amount of [0, -1, 1.5, 1_000_001, Number.NaN]) {
      await expect(grant(pool, { ...base, amount })).rejects.toThrow();
      await expect(hold(pool, { userId: user, amount, reference: 'r' })).rejects.toThrow();
    }
    await expect(grant(pool, { ...base, amount: 1, sourceRef: '' })).rejects.toThrow();
    await expect(grant(pool, { ...base, amount: 1, sourceRef: 'x'.repeat(201) })).rejects.toThrow();
    await expect(hold(pool, { userId: user, amount: 1, reference: '' })).rejects.toThrow();
    await expect(hold(pool, { userId: '', amount: 1, reference: 'r' })).rejects.toThrow();
    await expect(capture(pool, 'not-a-uuid')).rejects.toThrow();
    await expect(balance(pool, user, new Date(Number.NaN))).rejects.toThrow();
    await expect(recentEntries(pool, user, 0)).rejects.toThrow();
    expect(await balance(pool, user)).toBe(0);
  });
});
