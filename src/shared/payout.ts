import { z } from 'zod';

/**
 * A refund Cena pays itself by Pix because the provider cannot (a boleto payment, ADR 0043): `pending` until the
 * operator has made the transfer and marked it, `paid` after.
 */
const PAYOUT_STATUSES = ['pending', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

const adminPayoutSchema = z.object({
  /** The withdrawal claim that took the credits back: the payout's id. */
  claim: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** The buyer's e-mail; null once the account is deleted (the money is still owed). */
  customerEmail: z.string().nullable(),
  /** The purchase the money comes from (Checkout session or invoice). */
  paymentRef: z.string(),
  amountCents: z.int(),
  /** Where the transfer goes: CPF, CNPJ, e-mail, +55 phone or random key, as the buyer gave it. */
  pixKey: z.string(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

/** `GET /api/admin/payouts?status=…`. */
export const adminPayoutsQuerySchema = z
  .object({
    status: z.enum(PAYOUT_STATUSES, { error: 'Situação desconhecida: use pending ou paid.' }),
  })
  .strict();
export const adminPayoutsSchema = z.object({ payouts: z.array(adminPayoutSchema) });
export const payoutPaidSchema = z.object({ paid: z.literal(true), paidAt: z.iso.datetime() });
