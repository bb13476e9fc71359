import type pg from 'pg';
import { clawbackInTransaction } from '#server/credits/credits.server';
import type { WithdrawalRule } from '#server/invites/invites.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { WITHDRAWAL_DAYS } from '#shared/billing';
import { formatBRL } from '#shared/format';
import type { CheckoutRecord } from './billing-store.server';

/**
 * The first half of a withdrawal (ADR 0053): under the user's account lock — the lock every spend takes
 * first (ADR 0002) — the purchase is checked unused and its credits are taken back in the same transaction, as a
 * claim `withdrawal:<session>:<attempt>`. A spend racing it either ran first (and the package is no longer unused)
 * or runs after, when the credits are gone: never both. The provider is asked only afterwards, outside the lock.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

type WithdrawalRefusal =
  | 'purchase_not_found'
  | 'withdrawal_expired'
  | 'credits_used'
  | 'already_refunded'
  | 'payout_details_required'
  | 'refund_failed';

export interface Refused {
  ok: false;
  status: 404 | 409 | 422 | 502;
  code: WithdrawalRefusal;
  message: string;
}

export const refused = (status: Refused['status'], code: WithdrawalRefusal, message: string): Refused => ({
  ok: false,
  status,
  code,
  message,
});

const SUPPORT_HINT = 'Se precisar de ajuda, fale com o suporte pela página de contato.';

/** A boleto purchase's refund is a Pix transfer Cena makes (ADR 0053): it needs the key, asked before anything. */
export const payoutDetailsRequired = (amountCents: number): Refused =>
  refused(
    422,
    'payout_details_required',
    `Compras pagas com boleto não podem ser estornadas pelo banco: devolvemos ${formatBRL(amountCents)} por Pix. ` +
      'Informe a sua chave Pix (CPF, CNPJ, e-mail, celular ou chave aleatória) para receber o reembolso.',
  );

/** The claim the provider is to settle: new (`taken` now), or an earlier attempt the provider never answered. */
export interface WithdrawalClaim {
  ok: true;
  reference: string;
  credits: number;
  /** How the purchase was paid, as its grant recorded it (a boleto's refund is a payout, ADR 0053). */
  paymentMethod: string | null;
}

interface PackageState {
  id: string;
  amount: number;
  createdAt: Date;
  paymentMethod: string | null;
  /** Credits of the package not spent: its grant's and those earlier reversed claims gave back. */
  unspent: number;
}

interface ClaimRow {
  reference: string;
  taken: number;
  restored: boolean;
  /** History rows exist: the provider accepted the refund. */
  confirmed: boolean;
}

async function packageState(
  client: pg.PoolClient,
  userId: string,
  sessionId: string,
): Promise<PackageState | null> {
  const result = await client.query<{
    id: string;
    amount: number;
    created_at: Date;
    payment_method: string | null;
    unspent: string;
  }>(
    // Unspent = what the package's grant and its restorations hold + what claims took from them and kept.
    `WITH g AS (
       SELECT id, amount, created_at, metadata FROM credit_grants
       WHERE user_id = $1 AND source = 'package' AND source_ref = $2
     ), family AS (
       SELECT f.id, f.remaining FROM credit_grants f, g
       WHERE f.user_id = $1 AND (f.id = g.id OR (f.source = 'refund' AND f.metadata->>'grantId' = g.id::text))
     )
     SELECT g.id, g.amount, g.created_at, g.metadata->>'paymentMethod' AS payment_method,
            (SELECT COALESCE(SUM(remaining), 0) FROM family)
            + (SELECT COALESCE(SUM(c.amount), 0) FROM credit_clawbacks c WHERE c.grant_id IN (SELECT id FROM family))
              AS unspent
     FROM g`,
    [userId, sessionId],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    amount: row.amount,
    createdAt: row.created_at,
    paymentMethod: row.payment_method,
    unspent: Number(row.unspent),
  };
}

/** The refund and withdrawal claims on the grant (not their takes from restorations, nor their reversals). */
async function claimsOf(client: pg.PoolClient, grantId: string): Promise<ClaimRow[]> {
  const result = await client.query<{
    reference: string;
    taken: number;
    restored: boolean;
    confirmed: boolean;
  }>(
    `SELECT c.reference,
            (SELECT COALESCE(SUM(t.amount), 0)::int FROM credit_clawbacks t
             WHERE t.reference = c.reference OR t.reference LIKE c.reference || ':from:%') AS taken,
            EXISTS (SELECT 1 FROM credit_clawbacks r WHERE r.reference = c.reference || ':restored') AS restored,
            EXISTS (SELECT 1 FROM transactions h WHERE h.provider_ref = c.reference) AS confirmed
     FROM credit_clawbacks c
     WHERE c.grant_id = $1 AND (c.reference LIKE 'refund:%' OR c.reference LIKE 'withdrawal:%')
       AND c.reference NOT LIKE '%:restored' AND c.reference NOT LIKE '%:from:%'`,
    [grantId],
  );
  return result.rows;
}

/** The end of a package's withdrawal period: WITHDRAWAL_DAYS from its grant, the payment landing (ADR 0053). */
const withdrawalEndsAt = (grantCreatedAt: Date): Date =>
  new Date(grantCreatedAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);

function refusalOf(
  state: PackageState,
  claims: ClaimRow[],
  amountCents: number,
  hasPixKey: boolean,
  now: Date,
): Refused | null {
  const open = claims.filter((claim) => !claim.restored);
  if (open.some((claim) => claim.reference.startsWith('refund:') || claim.confirmed)) {
    return refused(409, 'already_refunded', 'Esta compra já foi reembolsada.');
  }
  if (now.getTime() > withdrawalEndsAt(state.createdAt).getTime()) {
    return refused(
      409,
      'withdrawal_expired',
      `O prazo de ${WITHDRAWAL_DAYS} dias para desistir desta compra terminou. ${SUPPORT_HINT}`,
    );
  }
  // Stripe takes no refunds of boleto payments ("Refunds / Partial refunds: No / No",
  // docs.stripe.com/payments/boleto): Cena pays it back by Pix, to a key asked before anything is taken.
  if (state.paymentMethod === 'boleto' && !hasPixKey) return payoutDetailsRequired(amountCents);
  if (state.unspent < state.amount) {
    const used = state.amount - state.unspent;
    return refused(
      409,
      'credits_used',
      `Você já usou ${used} dos ${state.amount} créditos deste pacote, então o reembolso automático não está ` +
        `disponível. ${SUPPORT_HINT}`,
    );
  }
  return null;
}

/** An earlier attempt still waiting for the provider's answer: it is asked again, nothing is taken twice. */
const waitingClaim = (claims: ClaimRow[]) =>
  claims.find((claim) => !claim.restored && !claim.confirmed && claim.reference.startsWith('withdrawal:'));

/**
 * Where a package stands against the withdrawal rule now: `open` (a withdrawal would be accepted), `claimed` (one
 * waits for the provider's answer), or the refusal a withdrawal would get. Read under the account lock by whoever
 * must know that the purchase can no longer be withdrawn (the invite reward, ADR 0046); a boleto's Pix key is not
 * this question.
 */
async function withdrawalStanding(
  client: pg.PoolClient,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<'open' | 'claimed' | WithdrawalRefusal> {
  const state = await packageState(client, userId, sessionId);
  if (!state) return 'purchase_not_found';
  const claims = await claimsOf(client, state.id);
  if (waitingClaim(claims)) return 'claimed';
  return refusalOf(state, claims, 0, true, now)?.code ?? 'open';
}

/** The rule as the invite rewards ask it (ADR 0046): a reward is granted only once the package is `closed`. */
export const withdrawalRule: WithdrawalRule = {
  endsAt: withdrawalEndsAt,
  async standing(client, userId, sessionId, now) {
    const standing = await withdrawalStanding(client, userId, sessionId, now);
    if (standing === 'already_refunded') return 'refunded';
    return standing === 'withdrawal_expired' ? 'closed' : 'open';
  },
};

/**
 * Checks the package unused and takes its credits back, in one transaction under the account lock; or finds the
 * attempt still waiting for the provider's answer (a network failure, or a double click), which is asked again
 * under the same idempotent claim instead of taking anything twice.
 */
export async function claimWithdrawal(
  pool: pg.Pool,
  checkout: CheckoutRecord,
  hasPixKey: boolean,
  now: Date,
): Promise<WithdrawalClaim | Refused> {
  const { userId, id: sessionId } = checkout;
  return inTransaction(pool, async (client) => {
    await client.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR NO KEY UPDATE', [userId]);
    const state = await packageState(client, userId, sessionId);
    if (!state) return refused(404, 'purchase_not_found', 'Compra não encontrada.');
    const claims = await claimsOf(client, state.id);
    const waiting = waitingClaim(claims);
    const { paymentMethod } = state;
    if (waiting) return { ok: true, reference: waiting.reference, credits: waiting.taken, paymentMethod };
    const refusal = refusalOf(state, claims, checkout.amountCents, hasPixKey, now);
    if (refusal) return refusal;
    const attempt = claims.filter((claim) => claim.reference.startsWith('withdrawal:')).length + 1;
    const reference = `withdrawal:${sessionId}:${attempt}`;
    const taken = await clawbackInTransaction(
      client,
      { userId, source: 'package', sourceRef: sessionId, reference },
      now,
    );
    return { ok: true, reference, credits: taken.amount, paymentMethod };
  });
}
