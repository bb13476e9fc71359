import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { createDatabase } from '#server/db/database.server';
import { LIMITS } from '#shared/catalogue';
import { pushSubscriptions } from './push.schema.server';

/** The stored subscriptions (push.schema.server.ts): what the routes write and the push job reads. */

export interface StoredSubscription {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const columns = {
  id: pushSubscriptions.id,
  userId: pushSubscriptions.userId,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

/** Browsers give the keys without padding; a padded copy is the same key and is stored the same way. */
const unpadded = (value: string) => value.replace(/=+$/, '');

/**
 * Stores a browser's subscription for the user, once per endpoint. Subscribing again is a no-op that refreshes the
 * keys (a browser renews them by resubscribing). An endpoint stored for another account stays theirs until they
 * remove it (ADR 0048): moving it would let anyone who learnt an endpoint silence its owner with a DELETE, so the
 * answer is `taken` and nothing changes. Past the per-user cap the oldest of the user's devices is dropped.
 */
export async function saveSubscription(
  pool: pg.Pool,
  userId: string,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<'saved' | 'taken'> {
  const keys = { p256dh: unpadded(subscription.keys.p256dh), auth: unpadded(subscription.keys.auth) };
  const saved = await createDatabase(pool)
    .insert(pushSubscriptions)
    .values({ userId, endpoint: subscription.endpoint, ...keys })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: keys,
      setWhere: eq(pushSubscriptions.userId, userId),
    })
    .returning({ id: pushSubscriptions.id });
  if (saved.length === 0) return 'taken';
  await dropBeyondCap(pool, userId);
  return 'saved';
}

/**
 * Keeps the user's newest LIMITS.pushDevicesPerUser subscriptions. The oldest goes rather than the new one being
 * refused: browsers rotate endpoints without telling us (ADR 0038, `pushsubscriptionchange` is not handled), so
 * the oldest is the likeliest dead, and the user has no list of devices to clean up a refusal with. The cap bounds
 * the pushes one submit fans out to. Each save trims after its own insert, so the last one sees every row.
 */
async function dropBeyondCap(pool: pg.Pool, userId: string): Promise<void> {
  await pool.query(
    `DELETE FROM push_subscriptions
     WHERE user_id = $1
       AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = $1
                      ORDER BY created_at DESC, id DESC LIMIT $2)`,
    [userId, LIMITS.pushDevicesPerUser],
  );
}

/** Removes the user's subscription of this endpoint; another account's is left alone. */
export async function removeSubscription(pool: pg.Pool, userId: string, endpoint: string): Promise<void> {
  await createDatabase(pool)
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function subscriptionById(pool: pg.Pool, id: string): Promise<StoredSubscription | undefined> {
  const [row] = await createDatabase(pool)
    .select(columns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id));
  return row;
}

/** The push service said the subscription is gone (RFC 8030 §7.3: 404 or 410): nothing will ever reach it. */
export async function forgetSubscription(pool: pg.Pool, id: string): Promise<void> {
  await createDatabase(pool).delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function subscriptionIdsOf(db: pg.Pool | pg.PoolClient, userId: string): Promise<string[]> {
  const rows = await createDatabase(db)
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.id);
}
