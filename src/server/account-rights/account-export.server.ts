import type pg from 'pg';
import {
  EXPORT_FORMAT,
  EXPORT_LINK_TTL_SECONDS,
  EXPORT_WINDOW_MINUTES,
  EXPORTS_PER_WINDOW,
} from '../../shared/account-rights';
import { inTransaction } from '../kernel/transaction.server';
import type { BlobStorage } from '../storage/blob-storage.server';

/**
 * "Export my data" (LGPD art. 18, II and V): everything Cena keeps about the user as one JSON document — profile
 * and settings, subscriptions, payments, sessions (device and times, never tokens), credit grants and ledger
 * entries, and every video request with signed links to its media. Written as it is read: each list comes from a
 * server-side cursor in batches inside one read-only snapshot (the next batch is fetched while one is written),
 * and every write is awaited, so memory holds two batches at most and a slow reader slows the reading. All links
 * come from one signer (BlobStorage.urlSigner): a local hash and HMAC each, no I/O.
 */

export const EXPORT_BATCH_ROWS = 1000;

export interface ExportDependencies {
  pool: pg.Pool;
  storage: BlobStorage;
  appUrl: string;
}

type Write = (chunk: string) => Promise<void>;
type Row = Record<string, unknown>;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * Counts this export against the user's limit; returns the seconds to wait when over it. Serialised per user so
 * two simultaneous requests cannot both take the last slot.
 */
export async function claimExport(pool: pg.Pool, userId: string, now = new Date()): Promise<number | null> {
  return inTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('account-export:' || $1))`, [userId]);
    const windowStart = new Date(now.getTime() - EXPORT_WINDOW_MINUTES * 60_000);
    const recent = await client.query<{ created_at: Date }>(
      `SELECT created_at FROM account_exports WHERE user_id = $1 AND created_at > $2 ORDER BY created_at`,
      [userId, windowStart],
    );
    if (recent.rows.length >= EXPORTS_PER_WINDOW) {
      const oldest = recent.rows[recent.rows.length - EXPORTS_PER_WINDOW]?.created_at ?? now;
      return Math.max(1, Math.ceil((oldest.getTime() - windowStart.getTime()) / 1000));
    }
    await client.query('INSERT INTO account_exports (user_id, created_at) VALUES ($1, $2)', [userId, now]);
    await client.query('DELETE FROM account_exports WHERE user_id = $1 AND created_at <= $2', [
      userId,
      windowStart,
    ]);
    return null;
  });
}

/** Writes `"name":[…]` from a cursor over `sql`, mapping each row; returns the number of rows. */
async function writeList(
  client: pg.PoolClient,
  write: Write,
  name: string,
  sql: string,
  params: unknown[],
  map: (row: Row) => unknown,
  aborted: () => boolean,
): Promise<number> {
  const cursor = `export_${name.toLowerCase()}`;
  await client.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`, params);
  await write(`,${JSON.stringify(name)}:[`);
  const fetchBatch = () => {
    const fetched = client.query<Row>(`FETCH ${EXPORT_BATCH_ROWS} FROM ${cursor}`);
    // Awaited below; this only keeps a failure while a batch is being written from counting as unhandled.
    fetched.catch(() => undefined);
    return fetched;
  };
  let count = 0;
  let next = fetchBatch();
  while (!aborted()) {
    const batch = await next;
    if (batch.rows.length === 0) break;
    // PostgreSQL reads the next batch while this one is mapped, signed and written: two cores, both busy.
    next = fetchBatch();
    await write((count > 0 ? ',' : '') + batch.rows.map((row) => JSON.stringify(map(row))).join(','));
    count += batch.rows.length;
  }
  await client.query(`CLOSE ${cursor}`);
  await write(']');
  return count;
}

/**
 * Streams the user's export through `write`. `currentSessionId` marks the session the export was asked from.
 * Returns the number of video requests written.
 */
export async function exportAccount(
  { pool, storage, appUrl }: ExportDependencies,
  userId: string,
  currentSessionId: string,
  write: Write,
  aborted: () => boolean = () => false,
  now = new Date(),
): Promise<number> {
  // One signer for the whole export: every link shares its expiry, and signing stays a local HMAC per link.
  const sign = await storage.urlSigner({ ttlSeconds: EXPORT_LINK_TTL_SECONDS });
  const link = (key: unknown, download: boolean): string | null => {
    if (typeof key !== 'string' || !key) return null;
    const url = sign(key, { download });
    return url.startsWith('/') ? `${appUrl}${url}` : url;
  };
  return inTransaction(
    pool,
    async (client) => {
      const user = await client.query<Row>(
        `SELECT u.id, u.name, u.email, u.email_verified, u.two_factor_enabled, u.language, u.timezone,
                u.created_at, u.updated_at,
                COALESCE((SELECT array_agg(provider_id ORDER BY provider_id) FROM account WHERE user_id = u.id),
                         '{}') AS sign_in_methods,
                (SELECT notify_on_video_ready FROM user_settings WHERE user_id = u.id) AS notify_on_video_ready
         FROM "user" u WHERE u.id = $1`,
        [userId],
      );
      const profile = user.rows[0];
      if (!profile) throw new Error('export of a user that does not exist');
      await write(
        `{"format":${JSON.stringify(EXPORT_FORMAT)},"exportedAt":${JSON.stringify(now.toISOString())},` +
          `"linksExpireAt":${JSON.stringify(new Date(now.getTime() + EXPORT_LINK_TTL_SECONDS * 1000).toISOString())},` +
          `"profile":${JSON.stringify({
            id: profile.id,
            name: profile.name,
            email: profile.email,
            emailVerified: profile.email_verified,
            twoFactorEnabled: profile.two_factor_enabled,
            language: profile.language,
            timezone: profile.timezone,
            signInMethods: profile.sign_in_methods,
            createdAt: iso(profile.created_at),
            updatedAt: iso(profile.updated_at),
          })},` +
          `"settings":${JSON.stringify({ notifyOnVideoReady: profile.notify_on_video_ready ?? true })}`,
      );
      await writeList(
        client,
        write,
        'subscriptions',
        `SELECT provider, plan_id, billing_period, status, current_period_start, current_period_end,
                cancel_at_period_end, created_at, updated_at
         FROM subscriptions WHERE user_id = $1 ORDER BY created_at DESC`,
        [userId],
        (row) => ({
          provider: row.provider,
          planId: row.plan_id,
          billingPeriod: row.billing_period,
          status: row.status,
          currentPeriodStart: iso(row.current_period_start),
          currentPeriodEnd: iso(row.current_period_end),
          cancelAtPeriodEnd: row.cancel_at_period_end,
          createdAt: iso(row.created_at),
          updatedAt: iso(row.updated_at),
        }),
        aborted,
      );
      await writeList(
        client,
        write,
        'payments',
        `SELECT id, type, amount, description, stripe_invoice_id, created_at
         FROM transactions WHERE user_id = $1 ORDER BY created_at DESC, id`,
        [userId],
        (row) => ({
          id: row.id,
          type: row.type,
          // Payments in cents of BRL, credit entries in credits (spec §3).
          amount: row.amount,
          unit: row.type === 'payment' ? 'BRL_cents' : 'credits',
          description: row.description,
          invoiceId: row.stripe_invoice_id,
          createdAt: iso(row.created_at),
        }),
        aborted,
      );
      await writeList(
        client,
        write,
        'sessions',
        `SELECT id, user_agent, ip_address, created_at, updated_at, expires_at
         FROM session WHERE user_id = $1 AND expires_at > now() ORDER BY created_at DESC`,
        [userId],
        (row) => ({
          device: row.user_agent,
          ipAddress: row.ip_address,
          createdAt: iso(row.created_at),
          lastSeenAt: iso(row.updated_at),
          expiresAt: iso(row.expires_at),
          current: row.id === currentSessionId,
        }),
        aborted,
      );
      await writeList(
        client,
        write,
        'creditGrants',
        `SELECT id, amount, remaining, source, plan_type, expires_at, created_at
         FROM credit_grants WHERE user_id = $1 ORDER BY created_at DESC, id`,
        [userId],
        (row) => ({
          id: row.id,
          amount: row.amount,
          remaining: row.remaining,
          source: row.source,
          planType: row.plan_type,
          expiresAt: iso(row.expires_at),
          createdAt: iso(row.created_at),
        }),
        aborted,
      );
      await writeList(
        client,
        write,
        'ledgerEntries',
        `SELECT id, kind, amount, grant_id, hold_id, created_at
         FROM credit_ledger_entries WHERE user_id = $1 ORDER BY id DESC`,
        [userId],
        (row) => ({
          id: Number(row.id),
          kind: row.kind,
          amount: row.amount,
          grantId: row.grant_id,
          holdId: row.hold_id,
          createdAt: iso(row.created_at),
        }),
        aborted,
      );
      const requests = await writeList(
        client,
        write,
        'videoRequests',
        `SELECT id, prompt, structured_prompt, quality, aspect_ratio, seed, credits_used, status, error_message,
                provider, model, resolution, duration_seconds, reference_image_key, video_key, thumbnail_key,
                created_at, updated_at, started_at, completed_at
         FROM video_requests WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
        [userId],
        (row) => ({
          id: row.id,
          prompt: row.prompt,
          structuredPrompt: row.structured_prompt,
          quality: row.quality,
          aspectRatio: row.aspect_ratio,
          seed: row.seed,
          creditsUsed: row.credits_used,
          status: row.status,
          errorMessage: row.error_message,
          provider: row.provider,
          model: row.model,
          resolution: row.resolution,
          durationSeconds: row.duration_seconds,
          createdAt: iso(row.created_at),
          updatedAt: iso(row.updated_at),
          startedAt: iso(row.started_at),
          completedAt: iso(row.completed_at),
          media: {
            video: link(row.video_key, true),
            thumbnail: link(row.thumbnail_key, false),
            referenceImage: link(row.reference_image_key, false),
          },
        }),
        aborted,
      );
      await write('}');
      return requests;
    },
    { begin: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' },
  );
}
