/**
 * The credits room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the ledger — grants,
 * holds, captures, voids, clawbacks and restorations, reads and audit — and its routes. Other rooms import
 * this file, never one inside the room (biome.json).
 */

export { creditsRoutes } from './credits.routes.server';
export { HOLD_STATUSES } from './credits.schema.server';
export type { AuditProblem } from './ledger-audit.server';
export { audit } from './ledger-audit.server';
export { clawback, clawbackInTransaction } from './ledger-claims.server';
export { DAY_MS } from './ledger-expiry.server';
export { grant } from './ledger-grants.server';
export { capture, voidHoldInTransaction } from './ledger-hold-resolution.server';
export { hold } from './ledger-holds.server';
export { CreditsConflictError, GrantNotFoundError, MAX_CREDIT_AMOUNT } from './ledger-inputs.server';
export type { CreditGrantView } from './ledger-reads.server';
export { balance, listGrants } from './ledger-reads.server';
export { reconcileGrants } from './ledger-reconciliation.server';
export { restoreClawback, restoredAmount } from './ledger-restorations.server';
