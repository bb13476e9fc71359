import { z } from 'zod';

/**
 * What every ledger operation validates its arguments with, and the errors a caller's mistake ends in. The
 * operations: grants (ledger-grants), holds (ledger-holds, ledger-hold-resolution), claims (ledger-claims,
 * ledger-restorations), reads (ledger-reads, ledger-expiry) and the audit (ledger-audit).
 */

export const MAX_CREDIT_AMOUNT = 1_000_000;

export const creditAmountSchema = z.number().int().positive().max(MAX_CREDIT_AMOUNT);
/** Users come from the auth library later: text ids. */
export const userIdSchema = z.string().min(1).max(200);
/** Idempotency keys: a grant's source_ref, a hold's reference. */
export const idempotencyKeySchema = z.string().min(1).max(200);
export const holdIdSchema = z.uuid();
export const nowSchema = z.date();

/** The same idempotency key was used for a different user or amount: a caller bug, never silently merged. */
export class CreditsConflictError extends Error {
  override name = 'CreditsConflictError';
}

export class HoldNotFoundError extends Error {
  override name = 'HoldNotFoundError';
}

export class GrantNotFoundError extends Error {
  override name = 'GrantNotFoundError';
}
