import { createHash, createHmac } from 'node:crypto';
import type pg from 'pg';
import { addressBlock } from '#server/kernel/address-block.server';
import type { InviteMarkKind } from './invites.schema.server';

/**
 * What tells one person's accounts apart for the invite rewards (ADR 0046), kept as hashes (LGPD art. 6 III, data
 * minimisation): enough to compare, not to read back. The device cookie and the address block are keyed by the auth
 * secret as the trial's marks are (ADR 0040): an address block is too few values to hide behind a plain hash.
 */

interface Mark {
  kind: InviteMarkKind;
  hash: string;
}

/** Keyed hashes of the device id and the address block (HMAC-SHA256 under the auth secret). */
export function inviteHasher(secret: string) {
  return (kind: 'device' | 'address', value: string) =>
    createHmac('sha256', secret).update(`cena-invite:${kind}:${value}`).digest('base64url');
}
export type InviteHasher = ReturnType<typeof inviteHasher>;

/** The marks of a request: its device id (the `cena_device` cookie) and its client address's block, when known. */
export function requestMarks(hash: InviteHasher, deviceId: string | null, address: string | null): Mark[] {
  const block = address ? addressBlock(address) : null;
  return [
    ...(deviceId ? [{ kind: 'device' as const, hash: hash('device', deviceId) }] : []),
    ...(block ? [{ kind: 'address' as const, hash: hash('address', block) }] : []),
  ];
}

/**
 * A payment's mark: Stripe's card fingerprint, which "uniquely identifies this particular card number"
 * (docs.stripe.com/api/charges/object, `payment_method_details.card.fingerprint`; a wallet's tokenized number may
 * stand in for it). It is an opaque token only Stripe can link to a card, so a plain SHA-256 — billing, which
 * reads it, holds no auth secret — keeps it unreadable here.
 */
export function paymentMark(fingerprint: string): Mark {
  const hash = createHash('sha256').update(`cena-invite:payment:${fingerprint}`).digest('base64url');
  return { kind: 'payment', hash };
}

/** Remembers an account's marks (once each). */
export async function markAccount(
  pool: pg.Pool,
  userId: string,
  marks: Mark[],
  now = new Date(),
): Promise<void> {
  if (marks.length === 0) return;
  await pool.query(
    `INSERT INTO invite_marks (user_id, kind, hash, created_at)
     SELECT $1, kind, hash, $4 FROM unnest($2::text[], $3::text[]) AS m(kind, hash)
     ON CONFLICT DO NOTHING`,
    [userId, marks.map((mark) => mark.kind), marks.map((mark) => mark.hash), now],
  );
}

const OUTCOME_OF = { device: 'same_device', address: 'same_address', payment: 'same_payment' } as const;

/**
 * Why an invitee does not count (ADR 0046): a mark it shares with the inviter or with an invitee the inviter was
 * already rewarded for — the device first, then the card, then the address block — or null.
 */
export async function sharedMark(
  client: pg.PoolClient,
  inviteeId: string,
  inviterId: string,
): Promise<(typeof OUTCOME_OF)[InviteMarkKind] | null> {
  const result = await client.query<{ kind: InviteMarkKind }>(
    `SELECT m.kind FROM invite_marks m
     WHERE m.user_id = $1 AND EXISTS (
       SELECT 1 FROM invite_marks o
       WHERE o.kind = m.kind AND o.hash = m.hash AND o.user_id <> $1
         AND (o.user_id = $2 OR o.user_id IN (
           SELECT invitee_user_id FROM invitations WHERE inviter_user_id = $2 AND outcome = 'rewarded'))
     )
     ORDER BY array_position(ARRAY['device', 'payment', 'address'], m.kind)
     LIMIT 1`,
    [inviteeId, inviterId],
  );
  const kind = result.rows[0]?.kind;
  return kind ? OUTCOME_OF[kind] : null;
}
