import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { clawback, GrantNotFoundError, restoreClawback } from '#server/credits/credits.server';
import { INVITE_INVITEE_CREDITS, INVITE_INVITER_CREDITS } from '#shared/catalogue';
import { INVITE_CODE_PATTERN, INVITE_COOKIE, type Invite, type InvitesResponse } from '#shared/invites';
import type { InviteOutcome } from './invites.schema.server';

/**
 * Invite a friend (ADR 0040): an account's link brings new accounts; the first paid purchase of an invited account
 * grants both sides once, when it can no longer be withdrawn (invite-rewards.server.ts, ADR 0046; the grants are
 * keyed by the invited account), and a refund or dispute of that purchase claws them back through the ledger as it
 * does the purchase's own credits.
 */

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

function newCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** The account's code, made on first use; a collision (1 in 31^10 per pair) just draws again. */
export async function inviteCodeOf(pool: pg.Pool, userId: string): Promise<string> {
  for (;;) {
    const result = await pool.query<{ code: string }>(
      `WITH made AS (
         INSERT INTO invite_codes (user_id, code) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING code
       )
       SELECT code FROM made UNION ALL SELECT code FROM invite_codes WHERE user_id = $1`,
      [userId, newCode()],
    );
    const code = result.rows[0]?.code;
    if (code) return code;
  }
}

/** The invite code a sign-up request carries in its cookie, if well-formed. */
export function inviteCodeFrom(headers: Headers): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === INVITE_COOKIE && value && INVITE_CODE_PATTERN.test(value)) return value;
  }
  return null;
}

/** Whether a code belongs to an account (the invite link checks it before remembering it). */
export async function inviteCodeExists(pool: pg.Pool, code: string): Promise<boolean> {
  if (!INVITE_CODE_PATTERN.test(code)) return false;
  const found = await pool.query('SELECT 1 FROM invite_codes WHERE code = $1', [code]);
  return (found.rowCount ?? 0) > 0;
}

/** The first name of a code's owner (ADR 0040: an invite page names the friend, never the e-mail); null if none. */
export async function inviterFirstName(pool: pg.Pool, code: string): Promise<string | null> {
  if (!INVITE_CODE_PATTERN.test(code)) return null;
  const found = await pool.query<{ name: string }>(
    'SELECT u.name FROM invite_codes c JOIN "user" u ON u.id = c.user_id WHERE c.code = $1',
    [code],
  );
  const row = found.rows[0];
  if (!row) return null;
  return row.name.trim().split(/\s+/)[0] || 'Alguém';
}

/** A new account came through an invite: remembered once (an account is invited by one account, never itself). */
export async function recordInvitation(pool: pg.Pool, inviteeId: string, code: string, now = new Date()) {
  await pool.query(
    `INSERT INTO invitations (invitee_user_id, inviter_user_id, created_at)
     SELECT $1, user_id, $3 FROM invite_codes WHERE code = $2 AND user_id <> $1
     ON CONFLICT (invitee_user_id) DO NOTHING`,
    [inviteeId, code, now],
  );
}

/** A purchase whose grant may earn an invite's reward: the grant by its key, and what was paid for it. */
export interface InvitePurchase {
  userId: string;
  grantSource: 'package' | 'plan';
  grantRef: string;
  paidCents: number;
  grantedCredits: number;
  /** Stripe's card fingerprint of the payment, when it was a card (none in local mode nor for Pix or boleto). */
  paymentFingerprint?: string | null;
}

export const SIDES = [
  { side: 'invitee', credits: INVITE_INVITEE_CREDITS },
  { side: 'inviter', credits: INVITE_INVITER_CREDITS },
] as const;
export const rewardRef = (side: 'invitee' | 'inviter', inviteeId: string) => `${side}:${inviteeId}`;

/** A refund or dispute of a purchase (billing's Reversal). */
export interface InviteReversal {
  kind: 'refund' | 'dispute';
  id: string;
  amountCents: number;
}

/** The rewards' share a partial refund takes, as it takes the purchase's (all of them for the whole amount). */
function shareOf(purchase: InvitePurchase, reversal: InviteReversal, credits: number): number | undefined {
  return purchase.paidCents > 0 && reversal.amountCents < purchase.paidCents
    ? Math.ceil((credits * reversal.amountCents) / purchase.paidCents)
    : undefined;
}

/**
 * A refund or dispute of the rewarded purchase takes both rewards back (what is left of them: spent credits stay
 * spent), once per reversal; `restore` (a dispute won, a refund that failed) gives back what that took. Any other
 * purchase is not the invite's business.
 */
export async function followInviteReversal(
  pool: pg.Pool,
  purchase: InvitePurchase,
  reversal: InviteReversal,
  action: 'take' | 'restore',
  now: Date = new Date(),
): Promise<void> {
  const found = await pool.query<{ inviter_user_id: string }>(
    `SELECT inviter_user_id FROM invitations
     WHERE invitee_user_id = $1 AND purchase_source = $2 AND purchase_ref = $3`,
    [purchase.userId, purchase.grantSource, purchase.grantRef],
  );
  const invitation = found.rows[0];
  if (!invitation) return;
  for (const { side, credits } of SIDES) {
    const target = {
      userId: side === 'invitee' ? purchase.userId : invitation.inviter_user_id,
      source: 'invite' as const,
      sourceRef: rewardRef(side, purchase.userId),
      reference: `invite:${reversal.kind}:${reversal.id}:${side}`,
    };
    const share = shareOf(purchase, reversal, credits);
    try {
      if (action === 'restore') await restoreClawback(pool, target, now);
      else if (share !== 0) await clawback(pool, { ...target, ...(share ? { maxAmount: share } : {}) }, now);
    } catch (error) {
      // A side never granted (a deleted inviter) has nothing to take or give back.
      if (!(error instanceof GrantNotFoundError)) throw error;
    }
  }
}

interface InviteRow {
  name: string | null;
  created_at: Date;
  purchased: boolean;
  outcome: InviteOutcome | null;
  reward_due_at: Date | null;
  reversed: boolean;
}

/** What the card tells of one invite (ADR 0046): the outcome decided, or where the purchase stands until then. */
function inviteOf(row: InviteRow): Invite {
  const joinedAt = row.created_at.toISOString();
  const base = { name: row.name || null, joinedAt, credits: 0, rewardAt: null, reason: null };
  if (!row.outcome) {
    return row.purchased
      ? { ...base, state: 'waiting', rewardAt: row.reward_due_at?.toISOString() ?? null }
      : { ...base, state: 'pending' };
  }
  if (row.outcome !== 'rewarded') return { ...base, state: 'not_counted', reason: row.outcome };
  return row.reversed
    ? { ...base, state: 'reversed' }
    : { ...base, state: 'rewarded', credits: INVITE_INVITER_CREDITS };
}

/** The account's invite link and its invites, newest first, each with its state. */
export async function invitesOf(pool: pg.Pool, userId: string, appUrl: string): Promise<InvitesResponse> {
  const code = await inviteCodeOf(pool, userId);
  const rows = await pool.query<InviteRow>(
    `SELECT split_part(u.name, ' ', 1) AS name, i.created_at, i.purchase_ref IS NOT NULL AS purchased,
            i.outcome, i.reward_due_at,
            EXISTS (
              SELECT 1 FROM credit_grants g JOIN credit_clawbacks c ON c.grant_id = g.id
              WHERE g.source = 'invite' AND g.source_ref = 'invitee:' || i.invitee_user_id
                AND COALESCE(c.wanted, c.amount) > 0 AND right(c.reference, 9) <> ':restored'
                AND NOT EXISTS (SELECT 1 FROM credit_clawbacks r WHERE r.reference = c.reference || ':restored')
            ) AS reversed
     FROM invitations i
     LEFT JOIN "user" u ON u.id = i.invitee_user_id
       AND NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = u.id)
     WHERE i.inviter_user_id = $1
     ORDER BY i.created_at DESC, i.invitee_user_id
     LIMIT 100`,
    [userId],
  );
  return { code, url: `${appUrl}/convite/${code}`, invites: rows.rows.map(inviteOf) };
}
