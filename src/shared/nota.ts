import { z } from 'zod';

/**
 * A purchase's nota fiscal de serviço (NFS-e, ADR 0041) as the API shows it. `pending` covers every step before
 * the emitter's answer (queued, being sent, being processed by the city); `failed` waits for an admin's retry.
 */
export const NOTA_STATES = ['pending', 'issuing', 'processing', 'issued', 'failed', 'cancelled'] as const;
export type NotaState = (typeof NOTA_STATES)[number];

/** The four states the customer and the admin panel see. */
const NOTA_VIEW_STATES = ['pending', 'issued', 'failed', 'cancelled'] as const;
export type NotaViewState = (typeof NOTA_VIEW_STATES)[number];

export function notaViewState(state: NotaState): NotaViewState {
  return state === 'issuing' || state === 'processing' ? 'pending' : state;
}

/** A transaction's nota, or one row of the admin's list. */
export const notaSchema = z.object({
  id: z.string(),
  state: z.enum(NOTA_VIEW_STATES),
  /** The nota's PDF (or the city's page of it), once issued. */
  url: z.string().nullable(),
  xmlUrl: z.string().nullable(),
});

const adminNotaSchema = notaSchema.extend({
  userId: z.string(),
  /** The buyer's e-mail; null once the account is deleted (the nota, a fiscal record, stays). */
  customerEmail: z.string().nullable(),
  paymentRef: z.string(),
  amountCents: z.int(),
  item: z.string(),
  number: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.int(),
  updatedAt: z.iso.datetime(),
});

/** `GET /api/nfse/notas?state=…`. */
export const adminNotasQuerySchema = z
  .object({
    state: z.enum(NOTA_VIEW_STATES, {
      error: 'Estado desconhecido: use pending, issued, failed ou cancelled.',
    }),
  })
  .strict();
export const adminNotasSchema = z.object({ notas: z.array(adminNotaSchema) });
export type AdminNota = z.infer<typeof adminNotaSchema>;
export const notaRetrySchema = z.object({ retried: z.literal(true) });
export const nfseReceiptSchema = z.object({ received: z.literal(true) });

/**
 * What Cena reads of a Focus NFe gatilho: the nota's `ref` (https://focusnfe.com.br/doc/#gatilhos-webhooks). The
 * rest of the body is ignored, and a body that names no nota (any other JSON, or none) is acknowledged unread.
 */
export const nfseGatilhoSchema = z.looseObject({ ref: z.string() });
