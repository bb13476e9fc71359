import { defineContract, EMPTY_BODY } from './api-contract';
import { adminPayoutsQuerySchema, adminPayoutsSchema, payoutPaidSchema } from './payout';

/** `/api/admin/payouts`: the Pix refunds the operator owes and has paid (ADR 0043, docs/admin-contract.md). */
export const payoutsContract = defineContract({
  listPayouts: {
    method: 'get',
    path: '/api/admin/payouts',
    summary: 'Pix refund payouts with one status (admin)',
    tag: 'admin',
    auth: 'admin',
    query: adminPayoutsQuerySchema,
    responses: {
      200: {
        description: '`{ payouts }`, newest first (pending by creation, paid by payment), at most 100.',
        schema: adminPayoutsSchema,
      },
    },
  },
  markPayoutPaid: {
    method: 'post',
    path: '/api/admin/payouts/{claim}/paid',
    summary: 'Record that the Pix transfer of a pending payout was made (admin)',
    description:
      'Once: a payout already paid is refused, so two admins (or a double click) record one payment.',
    tag: 'admin',
    auth: 'admin',
    body: EMPTY_BODY,
    responses: { 200: { description: 'Marked paid now.', schema: payoutPaidSchema } },
    errors: {
      payout_not_pending: { status: 409, description: 'The payout was already marked paid.' },
      payout_not_found: { status: 404, description: 'No payout with this claim.' },
    },
  },
});
