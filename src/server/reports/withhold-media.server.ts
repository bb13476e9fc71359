import type pg from 'pg';
import { lastFrameKey, mediaKeys } from '#server/media/media.server';
import type { BlobStorage } from '#server/storage/storage.server';

/**
 * A takedown moves the covered videos' files out of reach (ADR 0070). With S3 the browser fetches presigned bucket
 * URLs that Cena cannot check when they are redeemed, so the only way to end one handed out before the takedown is
 * to take the object away from its key: each file is moved to a withheld key beside it, which no URL was ever signed
 * for, and an earlier URL answers 404 from that moment. A restore moves them back, so the same URLs — and every new
 * one — work again. Disk storage moves them too (a rename), beside the /media route's database check.
 */

/** Where a withheld file waits: `{userId}/videos/{requestId}/withheld/{file}`, deleted with the account as the rest. */
export function withheldKey(key: string): string {
  const cut = key.lastIndexOf('/');
  return `${key.slice(0, cut)}/withheld/${key.slice(cut + 1)}`;
}

/**
 * Every file of a request a URL can have been signed for: the video, its poster, its captioned copy, the crop
 * without the trial mark, the model's framing and the last frame (media/rendering.server.ts). The reference images
 * the owner uploaded are their own inputs, never shown on a share page: they stay.
 */
export function withholdableFiles(userId: string, requestId: string): string[] {
  return [...Object.values(mediaKeys(userId, requestId)), lastFrameKey(userId, requestId)];
}

/** Whether a takedown in force covers the video `v` (a `video_requests` row, or any row aliased `v` with its id). */
const WITHHELD = `EXISTS (SELECT 1 FROM takedown_videos tv JOIN takedowns t ON t.id = tv.takedown_id
                  WHERE tv.video_request_id = v.id AND t.lifted_at IS NULL)`;

/**
 * Takes, until the transaction ends, the lock per video that every move of its files and every write of one holds
 * (one order, so two holders of several never deadlock); the ids, without repeats, in that order.
 */
export async function lockVideoMedia(
  client: pg.PoolClient,
  requestIds: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(requestIds)].sort();
  for (const id of ids) {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('takedown-media:' || $1))`, [id]);
  }
  return ids;
}

/** Whether a takedown in force covers the video; read under `lockVideoMedia`, it holds until the commit. */
export async function videoWithheld(client: pg.PoolClient, requestId: string): Promise<boolean> {
  const found = await client.query<{ withheld: boolean }>(
    `SELECT ${WITHHELD} AS withheld FROM (SELECT $1::uuid AS id) v`,
    [requestId],
  );
  return found.rows[0]?.withheld === true;
}

/**
 * Makes the storage match the database for these requests: a request covered by a takedown in force has its files
 * at their withheld keys, any other at their own. Runs inside the deciding transaction, after its writes, under a
 * lock per request (taken in one order, so two decisions never deadlock) that serialises it with every other
 * decision on the same videos: each moves the files to where its own state says, and the last one wins. Moves are
 * idempotent (a file already moved is skipped), so a repeated or interrupted run ends the same. When a move fails,
 * the files it did move go back (the state the decision's rollback returns to) before the error rolls the decision
 * back, so no video is left half withheld by a decision that did not happen.
 */
export async function matchMediaToTakedowns(
  client: pg.PoolClient,
  storage: BlobStorage,
  requestIds: readonly string[],
): Promise<void> {
  const ids = await lockVideoMedia(client, requestIds);
  const found = await client.query<{ id: string; userId: string; withheld: boolean }>(
    `SELECT v.id, v.user_id AS "userId", ${WITHHELD} AS withheld
     FROM video_requests v WHERE v.id = ANY($1::uuid[])`,
    [ids],
  );
  const planned = found.rows.flatMap((row) =>
    withholdableFiles(row.userId, row.id).map((key) =>
      row.withheld ? { from: key, to: withheldKey(key) } : { from: withheldKey(key), to: key },
    ),
  );
  const done: typeof planned = [];
  const results = await Promise.allSettled(
    planned.map(async (move) => {
      if (await storage.move(move.from, move.to)) done.push(move);
    }),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.allSettled(done.map((move) => storage.move(move.to, move.from)));
    throw failed.reason;
  }
}
