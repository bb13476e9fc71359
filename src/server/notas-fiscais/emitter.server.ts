/**
 * What Cena needs from an NFS-e emitter (ADR 0041): issue a nota under our reference, read where it stands, and
 * cancel it. One implementation per service (Focus NFe, the local test emitter); another joins by implementing
 * these three calls. Every call is keyed by our reference (the nota's id), which the emitter keeps unique, so a
 * call repeated after a crash finds the nota already made.
 */

/** The buyer (tomador): their CPF or CNPJ only when they gave one at checkout. */
export interface NotaCustomer {
  name: string;
  email: string;
  document: string | undefined;
}

export interface NotaRequest {
  /** Our reference: the emitter's idempotency key. */
  ref: string;
  amountCents: number;
  /** What was bought ("Pacote de 100 créditos"). */
  item: string;
  customer: NotaCustomer;
  issuedAt: Date;
}

/** Where a nota stands at the emitter. */
export type EmitterOutcome =
  | { state: 'processing' }
  | { state: 'issued'; number: string | null; pdfUrl: string | null; xmlUrl: string | null }
  | { state: 'failed'; error: string }
  | { state: 'cancelled' }
  /** The emitter has no nota under this reference. */
  | { state: 'not_found' };

export type CancelOutcome = { state: 'cancelled' } | { state: 'refused'; error: string };

export interface NfseEmitter {
  readonly kind: 'focus' | 'local';
  /** Issues the nota, or answers the one already made under `ref` (never a second). */
  issue(request: NotaRequest): Promise<EmitterOutcome>;
  status(ref: string): Promise<EmitterOutcome>;
  cancel(ref: string, reason: string): Promise<CancelOutcome>;
}

/** The emitter could not be reached or answered something unexpected: the job retries later. */
export class EmitterUnavailableError extends Error {
  override name = 'EmitterUnavailableError';
}
