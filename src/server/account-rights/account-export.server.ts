import type pg from 'pg';
import {
  EXPORT_FORMAT,
  EXPORT_LINK_TTL_SECONDS,
  EXPORT_WINDOW_MINUTES,
  EXPORTS_PER_WINDOW,
} from '../../shared/account-rights';
import { OMNI_INTERACTION_RETENTION_DAYS, VEO_VIDEO_RETENTION_DAYS } from '../../shared/video-models';
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

const EXPORT_BATCH_ROWS = 1000;

export interface ExportDependencies {
  pool: pg.Pool;
  storage: BlobStorage;
  appUrl: string;
}

type Write = (chunk: string) => Promise<void>;
type Row = Record<string, unknown>;
type JsonRow = { json: string } & Row;

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

/**
 * A timestamp as JSON text in `Date.toISOString()`'s form (UTC, milliseconds, `Z`), written by PostgreSQL: the
 * lists below are built as JSON text by the database, so Node neither parses dates and jsonb nor re-serialises them.
 */
const isoJson = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * What the video provider held of a request (LGPD art. 18, II, VII: the data shared with a third party): Google
 * keeps an Omni interaction — the prompt, the images sent and the video — for OMNI_INTERACTION_RETENTION_DAYS
 * after its creation unless Cena deletes it (account deletion does), and a Veo video for VEO_VIDEO_RETENTION_DAYS
 * (src/shared/video-models.ts). Null when nothing was sent to Google.
 */
const providerRecordSql = (operation: string, sent: string) => `CASE
  WHEN ${operation} LIKE 'interactions/%' THEN json_build_object(
    'provider', 'Google (Gemini API, Interactions)', 'id', ${operation},
    'held', 'o prompt, as imagens enviadas e o vídeo gerado',
    'keptUntil', ${isoJson(`(${sent} + interval '${OMNI_INTERACTION_RETENTION_DAYS} days')`)})
  WHEN ${operation} LIKE 'models/%' THEN json_build_object(
    'provider', 'Google (Gemini API, Veo)', 'id', ${operation},
    'held', 'o prompt, as imagens enviadas e o vídeo gerado',
    'keptUntil', ${isoJson(`(${sent} + interval '${VEO_VIDEO_RETENTION_DAYS} days')`)})
  END`;
const PROVIDER_RECORD_SQL = providerRecordSql('operation_name', 'COALESCE(started_at, created_at)');

/**
 * Writes `"name":[…]` from a cursor over `sql`, whose rows carry their JSON text in `json`; `finish` may complete
 * it from the row's other columns (the media links). Returns the number of rows.
 */
async function writeList(
  client: pg.PoolClient,
  write: Write,
  name: string,
  sql: string,
  params: unknown[],
  aborted: () => boolean,
  finish: (row: JsonRow) => string = (row) => row.json,
): Promise<number> {
  const cursor = `export_${name.toLowerCase()}`;
  await client.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`, params);
  await write(`,${JSON.stringify(name)}:[`);
  const fetchBatch = () => {
    const fetched = client.query<JsonRow>(`FETCH ${EXPORT_BATCH_ROWS} FROM ${cursor}`);
    // Awaited below; this only keeps a failure while a batch is being written from counting as unhandled.
    fetched.catch(() => undefined);
    return fetched;
  };
  let count = 0;
  let next = fetchBatch();
  while (!aborted()) {
    const batch = await next;
    if (batch.rows.length === 0) break;
    // PostgreSQL reads the next batch while this one is signed and written: two cores, both busy.
    next = fetchBatch();
    await write((count > 0 ? ',' : '') + batch.rows.map(finish).join(','));
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
  /** A signed link as JSON text (`null` when the request has no such file). */
  const link = (key: unknown, download: boolean): string => {
    if (typeof key !== 'string' || !key) return 'null';
    const url = sign(key, { download });
    return JSON.stringify(url.startsWith('/') ? `${appUrl}${url}` : url);
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
        `SELECT json_build_object(
                  'provider', provider, 'planId', plan_id, 'billingPeriod', billing_period, 'status', status,
                  'currentPeriodStart', ${isoJson('current_period_start')},
                  'currentPeriodEnd', ${isoJson('current_period_end')},
                  'cancelAtPeriodEnd', cancel_at_period_end,
                  'createdAt', ${isoJson('created_at')}, 'updatedAt', ${isoJson('updated_at')})::text AS json
         FROM subscriptions WHERE user_id = $1 ORDER BY created_at DESC`,
        [userId],
        aborted,
      );
      await writeList(
        client,
        write,
        'payments',
        // Payments in cents of BRL, credit entries in credits (spec §3).
        `SELECT json_build_object(
                  'id', id, 'type', type, 'amount', amount,
                  'unit', CASE WHEN type = 'payment' THEN 'BRL_cents' ELSE 'credits' END,
                  'description', description, 'invoiceId', stripe_invoice_id,
                  'createdAt', ${isoJson('created_at')})::text AS json
         FROM transactions WHERE user_id = $1 ORDER BY created_at DESC, id`,
        [userId],
        aborted,
      );
      await writeList(
        client,
        write,
        'sessions',
        `SELECT json_build_object(
                  'device', user_agent, 'ipAddress', ip_address, 'createdAt', ${isoJson('created_at')},
                  'lastSeenAt', ${isoJson('updated_at')}, 'expiresAt', ${isoJson('expires_at')},
                  'current', id = $2)::text AS json
         FROM session WHERE user_id = $1 AND expires_at > now() ORDER BY created_at DESC`,
        [userId, currentSessionId],
        aborted,
      );
      await writeList(
        client,
        write,
        'creditGrants',
        `SELECT json_build_object(
                  'id', id, 'amount', amount, 'remaining', remaining, 'source', source, 'planType', plan_type,
                  'expiresAt', ${isoJson('expires_at')}, 'createdAt', ${isoJson('created_at')})::text AS json
         FROM credit_grants WHERE user_id = $1 ORDER BY created_at DESC, id`,
        [userId],
        aborted,
      );
      await writeList(
        client,
        write,
        'ledgerEntries',
        `SELECT json_build_object(
                  'id', id, 'kind', kind, 'amount', amount, 'grantId', grant_id, 'holdId', hold_id,
                  'createdAt', ${isoJson('created_at')})::text AS json
         FROM credit_ledger_entries WHERE user_id = $1 ORDER BY id DESC`,
        [userId],
        aborted,
      );
      // The films' scenes (ADR 0014): which of the user's videos each film was cut from, and the part kept.
      await writeList(
        client,
        write,
        'filmScenes',
        `SELECT json_build_object(
                  'filmId', s.film_id, 'position', s.position, 'sourceRequestId', s.source_request_id,
                  'startSeconds', s.start_seconds, 'endSeconds', s.end_seconds)::text AS json
         FROM film_scenes s JOIN video_requests f ON f.id = s.film_id
         WHERE f.user_id = $1 ORDER BY f.created_at DESC, f.id DESC, s.position`,
        [userId],
        aborted,
      );
      // Elenco: each member's images as links, and the date of the consent statement a character needs.
      await writeList(
        client,
        write,
        'cast',
        `SELECT rtrim(json_build_object(
                  'id', id, 'name', name, 'kind', kind, 'description', description,
                  'likenessConsentAt', ${isoJson('likeness_consent_at')},
                  'createdAt', ${isoJson('created_at')}, 'updatedAt', ${isoJson('updated_at')})::text, '}')
                  AS json,
                image_keys
         FROM cast_members WHERE user_id = $1 ORDER BY created_at, id`,
        [userId],
        aborted,
        (row) =>
          `${row.json},"images":[${(row.image_keys as string[]).map((key) => link(key, false)).join(',')}]}`,
      );
      // What Google still holds that no request names (a take the take guarantee replaced, a generation answered
      // after its request ended), until its deletion there is confirmed (videos/pipeline/provider-leftovers).
      await writeList(
        client,
        write,
        'otherProviderRecords',
        `SELECT json_build_object(
                  'requestId', request_id, 'reason', reason,
                  'record', ${providerRecordSql('operation_name', 'sent_at')})::text AS json
         FROM provider_leftovers WHERE user_id = $1 ORDER BY sent_at, operation_name`,
        [userId],
        aborted,
      );
      // The request's fields as JSON text without its closing brace; the media links are appended in Node.
      const requests = await writeList(
        client,
        write,
        'videoRequests',
        `SELECT rtrim(json_build_object(
                  'id', id, 'prompt', prompt, 'structuredPrompt', structured_prompt, 'quality', quality,
                  'aspectRatio', aspect_ratio, 'seed', seed, 'creditsUsed', credits_used, 'status', status,
                  'errorMessage', error_message, 'provider', provider, 'model', model, 'resolution', resolution,
                  'durationSeconds', duration_seconds, 'extendsRequestId', extends_request_id,
                  'editsRequestId', edits_request_id, 'film', film, 'variationIds', variation_ids, 'cast', "cast",
                  'createdAt', ${isoJson('created_at')}, 'updatedAt', ${isoJson('updated_at')},
                  'providerRecord', ${PROVIDER_RECORD_SQL},
                  'startedAt', ${isoJson('started_at')}, 'completedAt', ${isoJson('completed_at')})::text, '}')
                  AS json,
                video_key, thumbnail_key, reference_image_key, last_frame_key, reference_image_keys
         FROM video_requests WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
        [userId],
        aborted,
        (row) =>
          `${row.json},"media":{"video":${link(row.video_key, true)},` +
          `"thumbnail":${link(row.thumbnail_key, false)},"referenceImage":${link(row.reference_image_key, false)},` +
          `"lastFrame":${link(row.last_frame_key, false)},` +
          `"referenceImages":[${(row.reference_image_keys as string[]).map((key) => link(key, false)).join(',')}]}}`,
      );
      await write('}');
      return requests;
    },
    { begin: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' },
  );
}
