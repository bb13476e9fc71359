import { z } from 'zod';

/** The credits API's shapes (docs/accounts-contract.md, design §3), shared by the route, the web and OpenAPI. */

/** `trial`: the free first video; `invite`: an invite's reward (ADR 0040). Neither was paid for. */
export const GRANT_SOURCES = ['plan', 'package', 'refund', 'adjustment', 'trial', 'invite'] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

/**
 * What a ledger entry records; `amount` is always the change to the spendable balance of `grant_id`:
 * - grant: a grant was created (+amount, grant_id = the new grant);
 * - hold: a hold took credits from one grant (−part, one entry per allocation);
 * - capture: a hold was captured (0: the credits already left the grants when held);
 * - void: a voided hold's part went back to the grant it came from (+part);
 * - refund_grant: the part of a voided hold whose grant had expired came back as a new refund grant
 *   (+sum, grant_id = the refund grant);
 * - clawback: a refunded payment took back the unspent part of its grant (−part, grant_id = that grant, one entry
 *   per `credit_clawbacks` row that took anything);
 * - correction: the admin audit ("fix transaction amounts") found the grant's entries short of or over its
 *   remaining, which its holds and clawbacks confirm, and settles the difference (±, grant_id, no hold).
 * So for every grant, Σ of its entries = its remaining; the audit checks exactly that.
 */
export const LEDGER_ENTRY_KINDS = [
  'grant',
  'hold',
  'capture',
  'void',
  'refund_grant',
  'clawback',
  'correction',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

const creditGrantSchema = z.object({
  id: z.string(),
  amount: z.int(),
  remaining: z.int(),
  source: z.enum(GRANT_SOURCES),
  planType: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  expired: z.boolean(),
});

const creditEntrySchema = z.object({
  id: z.int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amount: z.int(),
  createdAt: z.iso.datetime(),
  grantId: z.string().nullable(),
  holdId: z.string().nullable(),
});

/** `GET /api/credits`. */
export const creditsResponseSchema = z.object({
  balance: z.int(),
  /** Credits expiring within the next 7 days, and the days left until the first of them expires. */
  expiringSoon: z.object({ total: z.int(), daysLeft: z.int().nullable() }),
  grants: z.array(creditGrantSchema),
  entries: z.array(creditEntrySchema),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;
