import type pg from 'pg';
import { customerWebhookExportLists } from '#server/customer-webhooks/customer-webhooks.server';
import { inTransaction } from '#server/kernel/transaction.server';
import type { BlobStorage } from '#server/storage/storage.server';
import {
  columnList,
  isoJson,
  jsonFields,
  shownKeys,
  VIDEO_REQUEST_SHAPE,
  type VideoRequestKey,
  type VideoRequestRow,
  videoRequests,
} from '#server/video-requests/video-requests.server';
import {
  EXPORT_FORMAT,
  EXPORT_LINK_TTL_SECONDS,
  EXPORT_WINDOW_MINUTES,
  EXPORTS_PER_WINDOW,
} from '#shared/account-rights';
import { OMNI_INTERACTION_RETENTION_DAYS, VEO_VIDEO_RETENTION_DAYS } from '#shared/video-models';
import { type ExportList, type Link, postLists } from './account-export-post.server';

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

/*
 * The lists below are built as JSON text by the database (isoJson: timestamps in `Date.toISOString()`'s form), so
 * Node neither parses dates and jsonb nor re-serialises them.
 */

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

/** The opening of the document: its format and times, the profile and the settings. */
async function writeProfile(client: pg.PoolClient, write: Write, userId: string, now: Date): Promise<void> {
  const user = await client.query<Row>(
    `SELECT u.id, u.name, u.email, u.email_verified, u.two_factor_enabled, u.language, u.timezone,
            u.birth_date::text AS birth_date, u.created_at, u.updated_at,
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
        // The age rule's date (ADR 0066), YYYY-MM-DD as given; null for an account that has not given one.
        birthDate: profile.birth_date,
        signInMethods: profile.sign_in_methods,
        createdAt: iso(profile.created_at),
        updatedAt: iso(profile.updated_at),
      })},` +
      `"settings":${JSON.stringify({ notifyOnVideoReady: profile.notify_on_video_ready ?? true })}`,
  );
}

/** Subscriptions, payments, share links and sessions. */
function accountLists(userId: string, currentSessionId: string, appUrl: string): ExportList[] {
  return [
    {
      name: 'subscriptions',
      sql: `SELECT json_build_object(
                  'provider', provider, 'planId', plan_id, 'billingPeriod', billing_period, 'status', status,
                  'currentPeriodStart', ${isoJson('current_period_start')},
                  'currentPeriodEnd', ${isoJson('current_period_end')},
                  'cancelAtPeriodEnd', cancel_at_period_end,
                  'createdAt', ${isoJson('created_at')}, 'updatedAt', ${isoJson('updated_at')})::text AS json
         FROM subscriptions WHERE user_id = $1 ORDER BY created_at DESC`,
      params: [userId],
    },
    {
      name: 'payments',
      // Payments in cents of BRL, credit entries in credits (spec §3).
      sql: `SELECT json_build_object(
                  'id', id, 'type', type, 'amount', amount,
                  'unit', CASE WHEN type = 'payment' THEN 'BRL_cents' ELSE 'credits' END,
                  'description', description, 'invoiceId', stripe_invoice_id,
                  'createdAt', ${isoJson('created_at')})::text AS json
         FROM transactions WHERE user_id = $1 ORDER BY created_at DESC, id`,
      params: [userId],
    },
    {
      // Public links to the user's videos that anyone holding them can open (ADR 0031); revoked ones are gone.
      name: 'shareLinks',
      sql: `SELECT json_build_object(
                  'url', $2 || '/v/' || s.slug, 'requestId', s.video_request_id,
                  'createdAt', ${isoJson('s.created_at')})::text AS json
         FROM share_links s JOIN video_requests v ON v.id = s.video_request_id
         WHERE v.user_id = $1 AND s.revoked_at IS NULL ORDER BY s.created_at, s.slug`,
      params: [userId, appUrl],
    },
    {
      name: 'sessions',
      sql: `SELECT json_build_object(
                  'device', user_agent, 'ipAddress', ip_address, 'createdAt', ${isoJson('created_at')},
                  'lastSeenAt', ${isoJson('updated_at')}, 'expiresAt', ${isoJson('expires_at')},
                  'current', id = $2)::text AS json
         FROM session WHERE user_id = $1 AND expires_at > now() ORDER BY created_at DESC`,
      params: [userId, currentSessionId],
    },
  ];
}

/** Credit grants, ledger entries, film scenes, stories and the Elenco. */
function creditAndCastLists(userId: string, link: Link): ExportList[] {
  return [
    {
      name: 'creditGrants',
      sql: `SELECT json_build_object(
                  'id', id, 'amount', amount, 'remaining', remaining, 'source', source, 'planType', plan_type,
                  'expiresAt', ${isoJson('expires_at')}, 'createdAt', ${isoJson('created_at')})::text AS json
         FROM credit_grants WHERE user_id = $1 ORDER BY created_at DESC, id`,
      params: [userId],
    },
    {
      name: 'ledgerEntries',
      sql: `SELECT json_build_object(
                  'id', id, 'kind', kind, 'amount', amount, 'grantId', grant_id, 'holdId', hold_id,
                  'createdAt', ${isoJson('created_at')})::text AS json
         FROM credit_ledger_entries WHERE user_id = $1 ORDER BY id DESC`,
      params: [userId],
    },
    {
      // The films' scenes (ADR 0014): which of the user's videos each film was cut from, and the part kept.
      name: 'filmScenes',
      sql: `SELECT json_build_object(
                  'filmId', s.film_id, 'position', s.position, 'sourceRequestId', s.source_request_id,
                  'startSeconds', s.start_seconds, 'endSeconds', s.end_seconds)::text AS json
         FROM film_scenes s JOIN video_requests f ON f.id = s.film_id
         WHERE f.user_id = $1 ORDER BY f.created_at DESC, f.id DESC, s.position`,
      params: [userId],
    },
    {
      // Roteiro (ADR 0062): each story's idea and plan, every shot with its line and the video requests it made.
      name: 'stories',
      sql: `SELECT json_build_object(
                  'id', st.id, 'title', st.title, 'idea', st.idea, 'aspectRatio', st.aspect_ratio,
                  'targetSeconds', st.target_seconds, 'tone', st.tone, 'plannedBy', st.planned_by,
                  'createdAt', ${isoJson('st.created_at')}, 'updatedAt', ${isoJson('st.updated_at')},
                  'shots', COALESCE((SELECT json_agg(json_build_object(
                      'position', sh.position, 'prompt', sh.prompt, 'camera', sh.camera, 'setting', sh.setting,
                      'seconds', sh.seconds, 'dialogue', sh.dialogue, 'join', sh.join, 'keep', sh.keep,
                      'takeIds', sh.take_ids) ORDER BY sh.position)
                    FROM story_shots sh WHERE sh.story_id = st.id), '[]'::json))::text AS json
         FROM stories st WHERE st.user_id = $1 ORDER BY st.created_at DESC, st.id`,
      params: [userId],
    },
    {
      // Elenco: each member's images as links, and the date of the consent statement a character needs.
      name: 'cast',
      sql: `SELECT rtrim(json_build_object(
                  'id', id, 'name', name, 'kind', kind, 'description', description,
                  'likenessConsentAt', ${isoJson('likeness_consent_at')},
                  'createdAt', ${isoJson('created_at')}, 'updatedAt', ${isoJson('updated_at')})::text, '}')
                  AS json,
                image_keys
         FROM cast_members WHERE user_id = $1 ORDER BY created_at, id`,
      params: [userId],
      finish: (row) =>
        `${row.json},"images":[${(row.image_keys as string[]).map((key) => link(key, false)).join(',')}]}`,
    },
  ];
}

/** The request's own fields in the export, in order; the columns shown to the owner are appended to them. */
const EXPORTED_REQUEST_KEYS = [
  'id',
  'prompt',
  'structuredPrompt',
  'quality',
  'aspectRatio',
  'seed',
  'creditsUsed',
  'status',
  'errorMessage',
  'provider',
  'model',
  'resolution',
  'deliveredSeconds',
  'extendsRequestId',
  'editsRequestId',
  'film',
  'variationIds',
  'cast',
  'createdAt',
  'updatedAt',
] as const satisfies readonly VideoRequestKey[];
/** The files a request names, linked in its `media`. */
const MEDIA_KEYS = [
  'videoKey',
  'thumbnailKey',
  'firstFrameKey',
  'lastFrameKey',
  'referenceImageKeys',
] as const satisfies readonly VideoRequestKey[];
type RequestMedia = Pick<VideoRequestRow, (typeof MEDIA_KEYS)[number]>;

/** The JSON fields of a request (without its closing brace: the media links are appended in Node). */
function requestFieldsSql(): string {
  const own: readonly string[] = EXPORTED_REQUEST_KEYS;
  const shown = shownKeys(VIDEO_REQUEST_SHAPE, 'view').filter((key) => !own.includes(key));
  return `rtrim(json_build_object(${jsonFields(videoRequests, [...own, ...shown])},
                  'providerRecord', ${PROVIDER_RECORD_SQL},
                  ${jsonFields(videoRequests, ['startedAt', 'completedAt'])})::text, '}')`;
}

/** What Google still holds that no request names, and every video request with links to its media. */
function videoLists(userId: string, link: Link): ExportList[] {
  // `referenceImage` is the first frame's old name, kept beside `firstFrame` for one release (docs/accounts-contract.md).
  const media = (row: RequestMedia) => {
    const firstFrame = link(row.firstFrameKey, false);
    return (
      `"media":{"video":${link(row.videoKey, true)},"thumbnail":${link(row.thumbnailKey, false)},` +
      `"firstFrame":${firstFrame},"referenceImage":${firstFrame},` +
      `"lastFrame":${link(row.lastFrameKey, false)},` +
      `"referenceImages":[${row.referenceImageKeys.map((key) => link(key, false)).join(',')}]}`
    );
  };
  return [
    {
      // A take the take guarantee replaced, a generation answered after its request ended: held until its
      // deletion there is confirmed (video-providers/provider-leftovers).
      name: 'otherProviderRecords',
      sql: `SELECT json_build_object(
                  'requestId', request_id, 'reason', reason,
                  'record', ${providerRecordSql('operation_name', 'sent_at')})::text AS json
         FROM provider_leftovers WHERE user_id = $1 ORDER BY sent_at, operation_name`,
      params: [userId],
    },
    {
      name: 'videoRequests',
      sql: `SELECT ${requestFieldsSql()} AS json,
                ${columnList(videoRequests, MEDIA_KEYS)}
         FROM video_requests WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
      params: [userId],
      finish: (row) => `${row.json},${media(row as JsonRow & RequestMedia)}}`,
    },
  ];
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
  const link: Link = (key, download) => {
    if (typeof key !== 'string' || !key) return 'null';
    const url = sign(key, { download });
    return JSON.stringify(url.startsWith('/') ? `${appUrl}${url}` : url);
  };
  const lists: ExportList[] = [
    ...accountLists(userId, currentSessionId, appUrl),
    ...creditAndCastLists(userId, link),
    ...videoLists(userId, link),
    ...postLists(userId, appUrl, link),
    ...customerWebhookExportLists(userId),
  ];
  return inTransaction(
    pool,
    async (client) => {
      await writeProfile(client, write, userId, now);
      let requests = 0;
      for (const { name, sql, params, finish } of lists) {
        const count = await writeList(client, write, name, sql, params, aborted, finish);
        if (name === 'videoRequests') requests = count;
      }
      await write('}');
      return requests;
    },
    { begin: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' },
  );
}
