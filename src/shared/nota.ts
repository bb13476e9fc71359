/**
 * A purchase's nota fiscal de serviço (NFS-e, ADR 0041) as the API shows it. `pending` covers every step before
 * the emitter's answer (queued, being sent, being processed by the city); `failed` waits for an admin's retry.
 */
export const NOTA_STATES = ['pending', 'issuing', 'processing', 'issued', 'failed', 'cancelled'] as const;
export type NotaState = (typeof NOTA_STATES)[number];

/** The four states the customer and the admin panel see. */
export const NOTA_VIEW_STATES = ['pending', 'issued', 'failed', 'cancelled'] as const;
export type NotaViewState = (typeof NOTA_VIEW_STATES)[number];

export function notaViewState(state: NotaState): NotaViewState {
  return state === 'issuing' || state === 'processing' ? 'pending' : state;
}
