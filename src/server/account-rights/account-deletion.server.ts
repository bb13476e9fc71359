import { randomUUID } from 'node:crypto';
import { createOTP } from '@better-auth/utils/otp';
import * as argon2 from '@node-rs/argon2';
import { symmetricDecrypt } from 'better-auth/crypto';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { claimTotpCode, releaseTotpCode } from '#server/accounts/accounts.server';
import type { PaymentProvider } from '#server/billing/billing.server';
import { deleteAllCastMembers } from '#server/cast/cast.server';
import { failRequest } from '#server/generation/generation.server';
import { QUEUES, send } from '#server/jobs/jobs.server';
import { inTransaction } from '#server/kernel/transaction.server';
import type { Logger } from '#server/logger.server';
import { mediaKeys } from '#server/media/media.server';
import { withheldKey, withholdableFiles } from '#server/reports/reports.server';
import type { BlobStorage } from '#server/storage/storage.server';
import { forgetLeftovers, type VideoProvider } from '#server/video-providers/video-providers.server';
import {
  columnList,
  type VideoRequestKey,
  type VideoRequestRow,
  videoRequests,
} from '#server/video-requests/video-requests.server';
import type { DeleteAccountBody } from '#shared/account-rights';

/**
 * "Delete my account" (LGPD art. 18, VI). Two parts:
 *
 * 1. `closeAccount`, in the request, in one transaction: records the deletion, revokes every session, removes the
 *    sign-in methods and frees the e-mail (the row's e-mail becomes a placeholder), so the owner is signed out,
 *    cannot sign in, and may sign up again at once as a new account; and enqueues the job.
 * 2. `completeAccountDeletion`, the job (also run at worker start for any deletion left unfinished, so a process
 *    killed half-way resumes): cancels subscriptions at the provider, ends unfinished video requests, deletes
 *    what the video provider stores of them (Omni interactions at Google: `DELETE interactions/{id}`), deletes
 *    every media file and then the rows that name them (files first, so a crash can never leave a file no row
 *    points to), strips free text from the credit grants, and deletes the user row — which takes profile,
 *    settings, subscriptions and checkout sessions with it. Payments (`transactions`) and the credits ledger are
 *    kept for the 5 years the privacy policy states, under the user id, which then names no one.
 *
 * Every step is idempotent and the run holds a per-user advisory lock, so a retried or duplicated job is harmless.
 */

const DELETED_EMAIL_DOMAIN = 'deleted.cena.invalid';
const MEDIA_BATCH = 200;
const ACCOUNT_DELETED_MESSAGE = 'Solicitação encerrada: a conta foi excluída.';

export type CloseAccountOutcome =
  | 'closed'
  | 'wrong_password'
  | 'no_password'
  | 'code_required'
  | 'wrong_code'
  | 'too_many_attempts';

/**
 * A stolen session must not become a password or code oracle: at most this many checks per user in the window,
 * counted before the (slow) check so concurrent guesses count too, in Better Auth's `verification` table as the
 * TOTP claims are. A closed account clears them.
 */
const CLOSE_ATTEMPTS_PER_WINDOW = 5;
export const CLOSE_ATTEMPT_WINDOW_MINUTES = 15;
const attemptKey = (userId: string) => `account-close-attempt:${userId}`;

async function claimCloseAttempt(pool: pg.Pool, userId: string): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [attemptKey(userId)]);
    const recent = await client.query(
      'SELECT 1 FROM verification WHERE identifier = $1 AND expires_at > now()',
      [attemptKey(userId)],
    );
    if ((recent.rowCount ?? 0) >= CLOSE_ATTEMPTS_PER_WINDOW) return false;
    await client.query(
      `INSERT INTO verification (id, identifier, value, expires_at)
       VALUES ($1, $2, $3, now() + $4 * interval '1 minute')`,
      [randomUUID(), attemptKey(userId), userId, CLOSE_ATTEMPT_WINDOW_MINUTES],
    );
    return true;
  });
}

export interface DeletionDependencies {
  pool: pg.Pool;
  boss: PgBoss;
  authSecret: string;
}

/** Two-factor codes as Better Auth's TOTP plugin makes them (30 s period, 6 digits, its defaults). */
async function totpMatches(encryptedSecret: string, authSecret: string, code: string): Promise<boolean> {
  const secret = await symmetricDecrypt({ key: authSecret, data: encryptedSecret });
  return createOTP(secret, { period: 30, digits: 6 }).verify(code);
}

/** Checks the password (and code) and closes the account; nothing changes unless the answer is 'closed'. */
export async function closeAccount(
  { pool, boss, authSecret }: DeletionDependencies,
  userId: string,
  { password, code }: DeleteAccountBody,
): Promise<CloseAccountOutcome> {
  const found = await pool.query<{
    password: string | null;
    two_factor_enabled: boolean;
    secret: string | null;
  }>(
    `SELECT a.password, u.two_factor_enabled, t.secret
     FROM "user" u
     LEFT JOIN account a ON a.user_id = u.id AND a.provider_id = 'credential'
     LEFT JOIN two_factor t ON t.user_id = u.id
     WHERE u.id = $1`,
    [userId],
  );
  const row = found.rows[0];
  if (!row?.password) return 'no_password';
  if (!(await claimCloseAttempt(pool, userId))) return 'too_many_attempts';
  if (!(await argon2.verify(row.password, password).catch(() => false))) return 'wrong_password';
  if (row.two_factor_enabled && row.secret) {
    if (!code) return 'code_required';
    // A code used once (to sign in, or here) is not accepted again within its window.
    if (!(await claimTotpCode(pool, userId, code))) return 'wrong_code';
    if (!(await totpMatches(row.secret, authSecret, code).catch(() => false))) {
      await releaseTotpCode(pool, userId, code);
      return 'wrong_code';
    }
  }
  await inTransaction(pool, async (client) => {
    await client.query('SELECT 1 FROM "user" WHERE id = $1 FOR UPDATE', [userId]);
    await client.query(
      'INSERT INTO account_deletions (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING',
      [userId],
    );
    await client.query('DELETE FROM session WHERE user_id = $1', [userId]);
    // API keys end with the sessions, not with the erasure that follows: a closed account is used by no one.
    await client.query('DELETE FROM api_keys WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM account WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM two_factor WHERE user_id = $1', [userId]);
    // Nothing more goes out to the account's systems (ADR 0064): endpoints, deliveries and their log go now.
    await client.query('DELETE FROM customer_webhook_endpoints WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM verification WHERE identifier = $1', [attemptKey(userId)]);
    await client.query(
      `UPDATE "user" SET email = $2, name = '', email_verified = false, image = NULL, two_factor_enabled = false,
         updated_at = now()
       WHERE id = $1`,
      [userId, `${userId}@${DELETED_EMAIL_DOMAIN}`],
    );
    await send(boss, QUEUES.accountDelete, { userId }, { db: client, singletonKey: userId });
  });
  return 'closed';
}

export interface CompletionDependencies {
  pool: pg.Pool;
  storage: BlobStorage;
  provider: PaymentProvider;
  /** The video provider of a project (its key), asked to stop and delete the generations it stores. */
  videoProviderFor?: (project: string | null) => VideoProvider;
  logger: Logger;
}

/** What deleting a request needs: its state, the files it names, and the provider's record of it. */
const REQUEST_FILES_KEYS = [
  'id',
  'status',
  'firstFrameKey',
  'lastFrameKey',
  'referenceImageKeys',
  'videoKey',
  'thumbnailKey',
  'operationName',
  'providerProject',
] as const satisfies readonly VideoRequestKey[];
type RequestFilesRow = Pick<VideoRequestRow, (typeof REQUEST_FILES_KEYS)[number]>;

/** Every file a request may have in storage: what its row names and what the pipeline writes for it. */
function requestFiles(userId: string, row: RequestFilesRow): Set<string> {
  const keys = mediaKeys(userId, row.id);
  const named = [row.firstFrameKey, row.lastFrameKey, row.videoKey, row.thumbnailKey];
  // A taken-down video's files wait at withheld keys (ADR 0070): they go with the account too.
  const withheld = withholdableFiles(userId, row.id).map(withheldKey);
  return new Set([
    ...Object.values(keys),
    ...named.filter((key) => key !== null),
    ...row.referenceImageKeys,
    ...withheld,
  ]);
}

/** Deletes the requests' files, then the requests, a batch at a time. */
async function deleteVideoRequests(
  { pool, storage, videoProviderFor }: CompletionDependencies,
  userId: string,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await pool.query<RequestFilesRow>(
      `SELECT ${columnList(videoRequests, REQUEST_FILES_KEYS)} FROM video_requests WHERE user_id = $1 LIMIT $2`,
      [userId, MEDIA_BATCH],
    );
    if (batch.rows.length === 0) return deleted;
    for (const row of batch.rows) {
      // Unfinished (one may even have been created since the sign-out): end it first, which refunds its hold.
      const unfinished = row.status !== 'completed' && row.status !== 'failed';
      if (unfinished) await failRequest(pool, row.id, ACCOUNT_DELETED_MESSAGE);
      // What Google stores of it (prompt, images, video — 55 days for an interaction) goes too; a generation still
      // running is stopped first. Before the row, which is the only record of the provider's id.
      if (row.operationName) {
        const videoProvider = videoProviderFor?.(row.providerProject);
        if (unfinished) await videoProvider?.cancel?.(row.operationName);
        await videoProvider?.forget?.(row.operationName);
      }
      for (const key of requestFiles(userId, row)) await storage.delete(key);
    }
    const removed = await pool.query('DELETE FROM video_requests WHERE id = ANY($1::uuid[])', [
      batch.rows.map((row) => row.id),
    ]);
    deleted += removed.rowCount ?? 0;
  }
}

/** Retries with back-off; heartbeats, so a job whose worker was killed is retried within about a minute. */
const ACCOUNT_DELETE_QUEUE_OPTIONS = {
  retryLimit: 20,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 600,
  expireInSeconds: 900,
  heartbeatSeconds: 30,
};

/** Sets the queue's policy; every process calls it at start, before it may send a job (pg-boss copies it then). */
export async function configureAccountDeletionQueue(boss: PgBoss): Promise<void> {
  await boss.updateQueue(QUEUES.accountDelete, ACCOUNT_DELETE_QUEUE_OPTIONS);
}

/**
 * Finishes a confirmed deletion; true when it is (now or already) complete, false when another run holds it.
 * Throws on a failed step (provider or storage down): the job retries, resuming where it stopped.
 */
export async function completeAccountDeletion(
  deps: CompletionDependencies,
  userId: string,
): Promise<boolean> {
  const { pool, provider, logger } = deps;
  const client = await pool.connect();
  try {
    const lock = await client.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(hashtext('account-delete:' || $1)) AS locked`,
      [userId],
    );
    if (!lock.rows[0]?.locked) return false;
    try {
      const state = await client.query<{ completed_at: Date | null }>(
        'SELECT completed_at FROM account_deletions WHERE user_id = $1',
        [userId],
      );
      const deletion = state.rows[0];
      if (!deletion) throw new Error('no deletion was confirmed for this user');
      if (deletion.completed_at) return true;

      await provider.cancelSubscriptionsNow(userId);
      const requests = await deleteVideoRequests(deps, userId);
      // Generations no request names any more (a replaced take, one answered after its request ended) go too.
      const providerOf = (project: string | null) => deps.videoProviderFor?.(project);
      if ((await forgetLeftovers(pool, providerOf, logger, { userId })) > 0) {
        throw new Error('some generations could not be deleted at Google yet; retrying');
      }
      await deleteAllCastMembers(pool, deps.storage, userId);
      await inTransaction(pool, async (tx) => {
        // A create whose session was checked before the sign-out can still commit a request and its hold after the
        // last batch. Spends lock the credit account FOR NO KEY UPDATE (ADR 0002), so FOR UPDATE waits for them: a
        // request seen now sends the job round again, to refund its hold and delete it; none can arrive after this.
        await tx.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
        const late = await tx.query('SELECT 1 FROM video_requests WHERE user_id = $1 LIMIT 1', [userId]);
        if (late.rowCount) throw new Error('a video request arrived during the deletion; retrying');
        // An admin's reason for a credit adjustment is free text that may name the person.
        await tx.query(`UPDATE credit_grants SET metadata = metadata - 'reason' WHERE user_id = $1`, [
          userId,
        ]);
        // Invite marks (ADR 0046) are kept only while they can stop a reward: a rewarded invitee's still stop the
        // next account from the same device, network or card; anyone else's stop nothing once the account is gone.
        await tx.query(
          `DELETE FROM invite_marks WHERE user_id = $1
             AND NOT EXISTS (SELECT 1 FROM invitations WHERE invitee_user_id = $1 AND outcome = 'rewarded')`,
          [userId],
        );
        await tx.query('DELETE FROM "user" WHERE id = $1', [userId]);
        await tx.query('UPDATE account_deletions SET completed_at = now() WHERE user_id = $1', [userId]);
      });
      logger.info({ userId, requests }, 'account deleted');
      return true;
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext('account-delete:' || $1))`, [userId]);
    }
  } finally {
    client.release();
  }
}

/**
 * The worker's side: the job, and at start every deletion left unfinished (a process killed mid-way leaves its
 * job active until pg-boss expires it; this does not wait for that).
 */
export async function registerAccountDeletionWorker(
  boss: PgBoss,
  deps: CompletionDependencies,
): Promise<void> {
  await boss.work<{ userId: string }>(QUEUES.accountDelete, async ([job]) => {
    if (!job) return;
    if (!(await completeAccountDeletion(deps, job.data.userId))) {
      throw new Error('account deletion is running elsewhere; retrying');
    }
  });
  const pending = await deps.pool.query<{ user_id: string }>(
    'SELECT user_id FROM account_deletions WHERE completed_at IS NULL ORDER BY requested_at',
  );
  for (const { user_id: userId } of pending.rows) {
    completeAccountDeletion(deps, userId).catch((error: unknown) =>
      deps.logger.error({ err: error, userId }, 'resuming an account deletion failed; the job will retry'),
    );
  }
}
