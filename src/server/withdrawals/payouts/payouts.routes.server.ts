import type pg from 'pg';
import { apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { payoutsContract } from '#shared/payouts.contract';
import { type AdminPayoutRow, listPayouts, markPayoutPaid } from './payouts.server';

/**
 * `/api/admin/payouts` (src/shared/payouts.contract.ts, ADR 0053): the boleto refunds the operator pays by Pix, and
 * the mark that says the transfer was made. Admin only, the role checked on every request by the guard.
 */

function adminPayout(row: AdminPayoutRow) {
  return {
    claim: row.claim,
    status: row.status,
    customerEmail: row.customerEmail,
    paymentRef: row.paymentRef,
    amountCents: row.amountCents,
    pixKey: row.pixKey,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

export function payoutsRoutes({ pool, guards }: { pool: pg.Pool; guards: Guards }) {
  return routesFromContract(
    payoutsContract,
    { base: '/api/admin/payouts', guards },
    {
      listPayouts: async (c, { query }) =>
        c.json({ payouts: (await listPayouts(pool, query.status)).map(adminPayout) }),
      markPayoutPaid: async (c, { params }) => {
        const marked = await markPayoutPaid(pool, params.claim);
        if (marked === 'not_found') return apiError(c, 404, 'payout_not_found', 'Reembolso não encontrado.');
        if (marked === 'not_pending') {
          return apiError(c, 409, 'payout_not_pending', 'Este reembolso já foi marcado como pago.');
        }
        c.get('logger').info({ adminId: sessionOf(c).user.id, claim: params.claim }, 'payout marked paid');
        return c.json({ paid: true as const, paidAt: marked.paidAt.toISOString() });
      },
    },
  );
}
