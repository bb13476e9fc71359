import { defineContract, EMPTY_BODY } from './api-contract';
import { adminNotasQuerySchema, adminNotasSchema, nfseReceiptSchema, notaRetrySchema } from './nota';

/** `/api/nfse`: the emitter's webhook and the admin panel's notas (ADR 0041). */
export const nfseContract = defineContract({
  receiveNfseEvent: {
    method: 'post',
    path: '/api/nfse/webhook',
    summary: "The NFS-e emitter's webhook (Focus NFe gatilho)",
    description:
      'No session: the emitter sends back, in the Authorization header, the secret registered with the hook ' +
      '(NFSE_WEBHOOK_SECRET). The body only names the nota (`ref`): its state is read again from the emitter.',
    tag: 'billing',
    auth: 'none',
    responses: { 200: { description: 'Received.', schema: nfseReceiptSchema } },
    errors: {
      invalid_signature: { status: 401, description: 'No Authorization header, or another secret.' },
      not_found: { status: 404, description: 'No emitter webhook is configured on this server.' },
      payload_too_large: { status: 413, description: 'Larger than any event: refused before it is read.' },
      emitter_unavailable: {
        status: 503,
        description:
          'The emitter could not be reached to read the nota back; nothing changed. Deliver the hook again later ' +
          '(the nota sweep also reads it on its own).',
      },
    },
  },
  listNotas: {
    method: 'get',
    path: '/api/nfse/notas',
    summary: 'Notas fiscais in one state (admin)',
    tag: 'admin',
    auth: 'admin',
    query: adminNotasQuerySchema,
    responses: {
      200: { description: '`{ notas }`, newest change first (at most 100).', schema: adminNotasSchema },
    },
  },
  retryNota: {
    method: 'post',
    path: '/api/nfse/notas/{id}/retry',
    summary: 'Issue a failed nota again, under the same reference (admin)',
    tag: 'admin',
    auth: 'admin',
    body: EMPTY_BODY,
    responses: { 200: { description: 'Back in line for the next sweep.', schema: notaRetrySchema } },
    errors: { nota_not_failed: { status: 409, description: 'No failed nota with this id.' } },
  },
});
