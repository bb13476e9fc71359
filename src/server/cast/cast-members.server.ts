import type pg from 'pg';
import type { Queryable } from '#server/jobs/queues.server';
import { inTransaction } from '#server/kernel/transaction.server';
import type { BlobStorage } from '#server/storage/blob-storage.server';
import {
  CAST_MEMBERS_MAX,
  type CastKind,
  type CastMember,
  type CastSnapshot,
  type UpdateCastMemberInput,
} from '#shared/cast';
import type { castMembers } from './cast.schema.server';

/** Elenco's storage (src/shared/cast.ts): one user's members, never another's (another's id reads as missing). */

export type CastMemberRecord = typeof castMembers.$inferSelect;

const COLUMNS = `id, user_id AS "userId", name, kind, description, image_keys AS "imageKeys",
  likeness_consent_at AS "likenessConsentAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

export async function listCastMembers(db: Queryable, userId: string): Promise<CastMemberRecord[]> {
  const result = await db.query<CastMemberRecord>(
    `SELECT ${COLUMNS} FROM cast_members WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return result.rows;
}

/**
 * The members with these ids, in the order asked; undefined when any is missing or another user's (the create
 * route answers 404 before storing or holding anything).
 */
export async function findCastMembers(
  db: Queryable,
  userId: string,
  ids: readonly string[],
): Promise<CastMemberRecord[] | undefined> {
  if (ids.length === 0) return [];
  const result = await db.query<CastMemberRecord>(
    `SELECT ${COLUMNS} FROM cast_members WHERE user_id = $1 AND id = ANY($2::uuid[])`,
    [userId, ids],
  );
  const byId = new Map(result.rows.map((row) => [row.id, row]));
  const found = ids.map((id) => byId.get(id));
  return found.every((row) => row !== undefined) ? found : undefined;
}

export interface NewCastMember {
  userId: string;
  name: string;
  kind: CastKind;
  description: string | null;
  imageKeys: string[];
  /** Set for a character: when the user confirmed the portrayed person's consent. */
  likenessConsentAt: Date | null;
}

/** Inserts the member unless the user already keeps CAST_MEMBERS_MAX (counted under a per-user lock). */
export async function insertCastMember(
  pool: pg.Pool,
  member: NewCastMember,
  now: Date = new Date(),
): Promise<CastMemberRecord | 'full'> {
  return inTransaction(pool, async (client) => {
    // Its own statement, so the count after it takes a snapshot that sees a concurrent insert committed.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('cast:' || $1))`, [member.userId]);
    const count = await client.query<{ count: string }>(
      'SELECT count(*) FROM cast_members WHERE user_id = $1',
      [member.userId],
    );
    if (Number(count.rows[0]?.count ?? 0) >= CAST_MEMBERS_MAX) return 'full';
    const result = await client.query<CastMemberRecord>(
      `INSERT INTO cast_members
         (user_id, name, kind, description, image_keys, likeness_consent_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       RETURNING ${COLUMNS}`,
      [
        member.userId,
        member.name,
        member.kind,
        member.description,
        member.imageKeys,
        member.likenessConsentAt,
        now,
      ],
    );
    const row = result.rows[0];
    if (!row) throw new Error('cast member insert returned no row');
    return row;
  });
}

export async function updateCastMember(
  db: Queryable,
  userId: string,
  id: string,
  change: UpdateCastMemberInput,
  now: Date = new Date(),
): Promise<CastMemberRecord | undefined> {
  const result = await db.query<CastMemberRecord>(
    `UPDATE cast_members
     SET name = COALESCE($3, name),
         description = CASE WHEN $4::boolean THEN NULLIF($5, '') ELSE description END,
         updated_at = $6
     WHERE id = $1 AND user_id = $2
     RETURNING ${COLUMNS}`,
    [id, userId, change.name ?? null, change.description !== undefined, change.description ?? null, now],
  );
  return result.rows[0];
}

/** Deletes the member's row, then its images; false when there is no such member of this user. */
export async function deleteCastMember(
  db: Queryable,
  storage: BlobStorage,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db.query<{ imageKeys: string[] }>(
    `DELETE FROM cast_members WHERE id = $1 AND user_id = $2 RETURNING image_keys AS "imageKeys"`,
    [id, userId],
  );
  const row = result.rows[0];
  if (!row) return false;
  // Requests that used the member keep their own copies of its images (copied at creation).
  for (const key of row.imageKeys) await storage.delete(key);
  return true;
}

/** The account deletion's step: every member's images, then the rows (storage first, so a retry finds the keys). */
export async function deleteAllCastMembers(
  db: Queryable,
  storage: BlobStorage,
  userId: string,
): Promise<number> {
  const members = await listCastMembers(db, userId);
  for (const member of members) {
    for (const key of member.imageKeys) await storage.delete(key);
  }
  await db.query('DELETE FROM cast_members WHERE user_id = $1', [userId]);
  return members.length;
}

export async function toCastMemberView(
  record: CastMemberRecord,
  storage: BlobStorage,
  ttlSeconds: number,
): Promise<CastMember> {
  const sign = await storage.urlSigner({ ttlSeconds });
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    description: record.description,
    imageUrls: record.imageKeys.map((key) => sign(key)),
    likenessConsentAt: record.likenessConsentAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export function castSnapshot(record: CastMemberRecord): CastSnapshot {
  return { id: record.id, name: record.name, kind: record.kind, images: record.imageKeys.length };
}
