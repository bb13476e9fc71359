import type pg from 'pg';
import { z } from 'zod';
import { inTransaction } from '#server/kernel/transaction.server';
import { GRANT_SOURCES } from './credits.schema.server';
import {
  CreditsConflictError,
  creditAmountSchema,
  GrantNotFoundError,
  idempotencyKeySchema,
  nowSchema,
  userIdSchema,
} from './ledger-inputs.server';
import type { ClawbackSqlRow, GrantSqlRow } from './ledger-rows.server';

/**
 * A purchase's credits owed back and taken back, as signed `credit_clawbacks` records. A claim (a refund or a
 * dispute, keyed by its reference) wants its share of the grant; the grant owes min(amount, Σ wanted of the claims
 * not reversed). Every take is a positive record naming the grant it came from, every restoration a negative one
 * (`<claim>:restored`, on the purchase's grant, the credits coming back as a new `refund` grant). Whatever the
 * order of refunds, disputes, reversals and voided holds, each step moves the records' net towards what is owed,
 * taking only unspent credits, so the customer ends with what they paid for and never more. Like a hold, every claim
 * first takes the account lock (the concurrency rules: ledger-holds.server.ts).
 */

/** Ends the reference of a reversal's record: `<claim>:restored`. */
export const RESTORED_SUFFIX = ':restored';
/** Names a take from a restoration's grant after the claim or hold that took it. */
const FROM_INFIX = ':from:';

const clawbackInputSchema = z.object({
  userId: userIdSchema,
  /** The grant whose payment was refunded, by its own idempotency key. */
  source: z.enum(GRANT_SOURCES),
  sourceRef: idempotencyKeySchema,
  /** One clawback per reference (e.g. the Stripe refund id): a replay takes nothing more. */
  reference: idempotencyKeySchema,
  /** At most this many credits (a partial refund); undefined = all that is left of the grant. */
  maxAmount: creditAmountSchema.optional(),
});
type ClawbackInput = z.input<typeof clawbackInputSchema>;

interface ClawbackResult {
  /** False when this reference was already applied: nothing changed. */
  created: boolean;
  /** Credits taken back by this reference (0 when everything had been spent). */
  amount: number;
  grantId: string;
}

/** The purchase's grant and the grants its restorations created: where its claims may take from, in order. */
async function claimFamily(
  client: pg.PoolClient,
  userId: string,
  grantId: string,
): Promise<Pick<GrantSqlRow, 'id' | 'remaining'>[]> {
  const family = await client.query<Pick<GrantSqlRow, 'id' | 'remaining'>>(
    `SELECT id, remaining FROM credit_grants
     WHERE user_id = $2 AND (id = $1 OR (source = 'refund' AND metadata->>'grantId' = $1::text))
     ORDER BY id = $1 DESC, created_at, id
     FOR UPDATE`,
    [grantId, userId],
  );
  return family.rows;
}

/** The purchase's grant a grant belongs to: itself, or the grant whose claim a restoration gave back. */
async function claimOwners(client: pg.PoolClient, grantIds: string[]): Promise<string[]> {
  const owners = await client.query<{ owner: string }>(
    `SELECT DISTINCT COALESCE(CASE WHEN source = 'refund' THEN metadata->>'grantId' END, id::text) AS owner
     FROM credit_grants WHERE id = ANY($1::uuid[])`,
    [grantIds],
  );
  return owners.rows.map((row) => row.owner);
}

/**
 * Credits still owed back on a purchase's grant: what its claims not reversed want (with `extraWanted` of a claim
 * being written, without the claim `reversing`; capped at the grant), less the net of every take and restoration.
 * Negative when a reversal leaves more taken than is owed.
 */
export async function outstandingClaim(
  client: pg.PoolClient,
  userId: string,
  grantId: string,
  change: { extraWanted?: number; reversing?: string } = {},
): Promise<number> {
  const result = await client.query<{ outstanding: string }>(
    `WITH family AS (
       -- Its takes count wherever they came from: the purchase's grant, its restorations, and the refund grants of
       -- voided holds that gave back its expired credits (takeOutstandingFromRefund).
       SELECT id FROM credit_grants
       WHERE user_id = $4 AND (id = $1 OR (source = 'refund' AND (metadata->>'grantId' = $1::text
                                                                  OR metadata->'expiredGrantIds' ? $1::text)))
     ), owed AS (
       SELECT LEAST(g.amount, COALESCE(SUM(COALESCE(c.wanted, c.amount)), 0) + $2) AS credits
       FROM credit_grants g
       LEFT JOIN credit_clawbacks c ON c.grant_id = g.id AND COALESCE(c.wanted, c.amount) > 0
         AND NOT EXISTS (SELECT 1 FROM credit_clawbacks r WHERE r.reference = c.reference || '${RESTORED_SUFFIX}')
         AND c.reference IS DISTINCT FROM $3
       WHERE g.id = $1
       GROUP BY g.amount
     )
     SELECT (SELECT credits FROM owed)
          - (SELECT COALESCE(SUM(amount), 0) FROM credit_clawbacks WHERE grant_id IN (SELECT id FROM family))
            AS outstanding`,
    [grantId, change.extraWanted ?? 0, change.reversing ?? null, userId],
  );
  return Number(result.rows[0]?.outstanding ?? 0);
}

/**
 * Takes what `grantId`'s claims are still owed from the unspent credits of its family, the purchase's own grant
 * first. Each take is a record: `ownRef` for the purchase's grant (written even when it takes 0 if it carries a
 * claim's `wanted`), `<ownRef>:from:<grant>` for a restoration's grant. Returns the credits taken.
 */
async function takeOwed(
  client: pg.PoolClient,
  userId: string,
  grantId: string,
  ownRef: string,
  wanted: number,
  now: Date,
): Promise<number> {
  const family = await claimFamily(client, userId, grantId);
  let owed = await outstandingClaim(client, userId, grantId, { extraWanted: wanted });
  let taken = 0;
  for (const source of family) {
    const take = Math.max(0, Math.min(owed, source.remaining));
    const isOwn = source.id === grantId;
    if (take === 0 && !(isOwn && wanted > 0)) continue;
    await client.query(
      `WITH taken AS (
         UPDATE credit_grants SET remaining = remaining - $3::int WHERE id = $2::uuid AND $3::int > 0
       ), entry AS (
         INSERT INTO credit_ledger_entries (user_id, kind, amount, grant_id, created_at, metadata)
         SELECT $1::text, 'clawback', -$3::int, $2::uuid, $5::timestamptz, $6::jsonb WHERE $3 > 0
       )
       INSERT INTO credit_clawbacks (reference, user_id, grant_id, amount, wanted, created_at)
       VALUES ($4, $1, $2, $3, $7, $5)`,
      [
        userId,
        source.id,
        take,
        isOwn ? ownRef : `${ownRef}${FROM_INFIX}${source.id}`,
        now,
        { reference: ownRef },
        isOwn ? wanted : 0,
      ],
    );
    owed -= take;
    taken += take;
  }
  return taken;
}

/** Credits a claim took, from the purchase's grant and from restorations' grants. */
async function takenBy(client: pg.PoolClient, reference: string): Promise<number> {
  const result = await client.query<{ taken: string }>(
    `SELECT COALESCE(SUM(amount), 0) AS taken FROM credit_clawbacks
     WHERE reference = $1 OR left(reference, length($1) + length($2)) = $1 || $2`,
    [reference, FROM_INFIX],
  );
  return Number(result.rows[0]?.taken ?? 0);
}

/**
 * A void gave held credits back to grants whose purchase was refunded or disputed while they were held: what the
 * claims could not take then is taken now, as records named after the hold.
 */
export async function takeOutstandingClawbacks(
  client: pg.PoolClient,
  holdId: string,
  userId: string,
  grantIds: string[],
  now: Date,
): Promise<void> {
  for (const owner of await claimOwners(client, grantIds)) {
    await takeOwed(client, userId, owner, `hold:${holdId}:${owner}`, 0, now);
  }
}

/**
 * A claim on a refunded or disputed purchase's grant: it wants its share (`maxAmount`, or the whole grant) and takes
 * what is owed from the unspent credits (the grant's, and those a reversed claim gave back); what is held now is
 * taken if its hold is voided later (voidHoldInTransaction). Credits already spent stay spent (the refund is the
 * provider's business; the ledger never goes negative). Once per `reference`. Like a hold it first locks the
 * user's account row: a concurrent hold cannot spend what is being taken back, and two claims serialise.
 */
export async function clawback(
  pool: pg.Pool,
  input: ClawbackInput,
  now: Date = new Date(),
): Promise<ClawbackResult> {
  const args = clawbackInputSchema.parse(input);
  nowSchema.parse(now);
  return inTransaction(pool, async (client) => {
    // The spend lock (see holdLocked in ledger-holds.server.ts for why NO KEY).
    await client.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR NO KEY UPDATE', [args.userId]);
    return clawbackLocked(client, args, now);
  });
}

/**
 * The same claim inside a caller's transaction that already holds the user's account lock: the caller's checks
 * and this take then see the same grants (the buyer's withdrawal, withdrawal-claim.server.ts).
 */
export async function clawbackInTransaction(
  client: pg.PoolClient,
  input: ClawbackInput,
  now: Date,
): Promise<ClawbackResult> {
  nowSchema.parse(now);
  return clawbackLocked(client, clawbackInputSchema.parse(input), now);
}

async function clawbackLocked(
  client: pg.PoolClient,
  args: z.output<typeof clawbackInputSchema>,
  now: Date,
): Promise<ClawbackResult> {
  const previous = await client.query<Pick<ClawbackSqlRow, 'user_id' | 'grant_id'>>(
    'SELECT user_id, grant_id FROM credit_clawbacks WHERE reference = $1',
    [args.reference],
  );
  const done = previous.rows[0];
  if (done) {
    if (done.user_id !== args.userId) {
      throw new CreditsConflictError(`clawback ${args.reference} already exists for another user`);
    }
    return { created: false, amount: await takenBy(client, args.reference), grantId: done.grant_id };
  }
  const found = await client.query<Pick<GrantSqlRow, 'id' | 'user_id' | 'amount'>>(
    'SELECT id, user_id, amount FROM credit_grants WHERE source = $1 AND source_ref = $2',
    [args.source, args.sourceRef],
  );
  const target = found.rows[0];
  if (!target || target.user_id !== args.userId) {
    throw new GrantNotFoundError(`grant ${args.source}:${args.sourceRef} not found for this user`);
  }
  const wanted = args.maxAmount ?? target.amount;
  const amount = await takeOwed(client, args.userId, target.id, args.reference, wanted, now);
  return { created: true, amount, grantId: target.id };
}

/**
 * A void gave back, as one `refund` grant, held credits whose grants expired meanwhile (voidHoldInTransaction):
 * the part of them owed to a refunded or disputed purchase is taken from that refund grant now — never more than
 * the purchase's own share of it — as it would have been from the purchase's grant had it still been valid.
 */
export async function takeOutstandingFromRefund(
  client: pg.PoolClient,
  holdId: string,
  userId: string,
  refundGrantId: string,
  expired: { grantId: string; amount: number }[],
  now: Date,
): Promise<void> {
  const owners = await client.query<{ id: string; owner: string }>(
    `SELECT id::text, COALESCE(CASE WHEN source = 'refund' THEN metadata->>'grantId' END, id::text) AS owner
     FROM credit_grants WHERE id = ANY($1::uuid[])`,
    [expired.map((part) => part.grantId)],
  );
  const shares = new Map<string, number>();
  for (const part of expired) {
    const owner = owners.rows.find((row) => row.id === part.grantId)?.owner ?? part.grantId;
    shares.set(owner, (shares.get(owner) ?? 0) + part.amount);
  }
  for (const [owner, share] of shares) {
    const take = Math.min(share, Math.max(0, await outstandingClaim(client, userId, owner)));
    if (take === 0) continue;
    const reference = `hold:${holdId}:${owner}${FROM_INFIX}${refundGrantId}`;
    await client.query(
      `WITH taken AS (
         UPDATE credit_grants SET remaining = remaining - $3::int WHERE id = $2::uuid
       ), entry AS (
         INSERT INTO credit_ledger_entries (user_id, kind, amount, grant_id, created_at, metadata)
         VALUES ($1::text, 'clawback', -$3::int, $2::uuid, $5::timestamptz, $6::jsonb)
       )
       INSERT INTO credit_clawbacks (reference, user_id, grant_id, amount, wanted, created_at)
       VALUES ($4, $1, $2, $3, 0, $5)`,
      [userId, refundGrantId, take, reference, now, { reference: `hold:${holdId}:${owner}` }],
    );
  }
}
