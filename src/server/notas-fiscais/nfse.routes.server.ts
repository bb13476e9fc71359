import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type pg from 'pg';
import type { NfseConfig } from '#server/config/nfse.server';
import { bodyLimit } from '#server/kernel/body-limit.server';
import { type AppEnv, apiError, payloadTooLarge } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { escapeHtml } from '#server/mail/templates.server';
import { formatBRL } from '#shared/format';
import { nfseContract } from '#shared/nfse.contract';
import { nfseGatilhoSchema, notaViewState } from '#shared/nota';
import { EmitterUnavailableError, type NfseEmitter } from './emitter.server';
import { type AdminNotaRow, applyOutcome, findNota, listNotas, notaView, retryNota } from './notas.server';

/**
 * `/api/nfse` (src/shared/nfse.contract.ts, ADR 0041): the emitter's webhook and the admin panel's notas. Focus
 * NFe's gatilho carries no signature; it sends back, in the Authorization header, the value registered with the
 * hook ("Aumento da segurança na recepção dos gatilhos", https://focusnfe.com.br/doc/#gatilhos-webhooks), compared
 * here in constant time. The body is only a hint: the nota's state is read again from the emitter.
 */

/** A gatilho is one nota's JSON, a few KB: a larger body (announced or streamed) is refused before it is read. */
const gatilhoBodyLimit = bodyLimit({
  maxSize: 512 * 1024,
  onError: (c) => payloadTooLarge(c, 'Evento grande demais.'),
});

const EMITTER_UNAVAILABLE_MESSAGE =
  'O emissor de notas fiscais está indisponível. Tente novamente mais tarde.';

const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

function adminNota(row: AdminNotaRow) {
  return {
    ...notaView(row),
    userId: row.userId,
    customerEmail: row.customerEmail,
    paymentRef: row.paymentRef,
    amountCents: row.amountCents,
    item: row.item,
    number: row.number,
    error: row.error,
    attempts: row.attempts,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface NfseRoutesOptions {
  pool: pg.Pool;
  guards: Guards;
  emitter: NfseEmitter | undefined;
  config: NfseConfig;
}

export function nfseRoutes({ pool, guards, emitter, config }: NfseRoutesOptions) {
  const secret = config.provider === 'focus' ? config.webhookSecret : undefined;
  return routesFromContract(
    nfseContract,
    { base: '/api/nfse', guards },
    {
      receiveNfseEvent: {
        before: [gatilhoBodyLimit],
        handle: async (c) => {
          if (!emitter || !secret) return apiError(c, 404, 'not_found', 'Webhook de NFS-e não configurado.');
          if (!sameSecret(c.req.header('authorization') ?? '', secret)) {
            return apiError(c, 401, 'invalid_signature', 'Autorização do webhook inválida.');
          }
          const gatilho = nfseGatilhoSchema.safeParse(await c.req.json().catch(() => undefined));
          const nota = gatilho.success ? await findNota(pool, gatilho.data.ref) : undefined;
          if (nota) {
            const outcome = await emitter.status(nota.id).catch((error: unknown) => {
              if (error instanceof EmitterUnavailableError) return undefined;
              throw error;
            });
            // Focus NFe could not be read back: not our fault nor the hook's, and nothing was changed. A non-2xx
            // answer lets the gatilho be delivered again, and the nota sweep reads the state on its own anyway.
            if (!outcome) return apiError(c, 503, 'emitter_unavailable', EMITTER_UNAVAILABLE_MESSAGE);
            await applyOutcome(pool, nota, emitter.kind, outcome);
          }
          return c.json({ received: true as const });
        },
      },
      listNotas: async (c, { query }) =>
        c.json({ notas: (await listNotas(pool, query.state)).map(adminNota) }),
      retryNota: async (c, { params }) => {
        if (!(await retryNota(pool, params.id))) {
          return apiError(c, 409, 'nota_not_failed', 'Esta nota não está com falha.');
        }
        return c.json({ retried: true as const });
      },
    },
  );
}

/** The local emitter's notas (`/dev/nfse/{id}` and its `.xml`), clearly marked as test documents. */
export function devNotaPages(pool: pg.Pool): Hono<AppEnv> {
  const pages = new Hono<AppEnv>();
  pages.get('/nfse/:file', async (c) => {
    const file = c.req.param('file');
    const xml = file.endsWith('.xml');
    const nota = await findNota(pool, xml ? file.slice(0, -4) : file);
    if (nota?.emitter !== 'local') return c.text('Nota não encontrada.', 404);
    const state = notaViewState(nota.state) === 'cancelled' ? 'CANCELADA' : 'EMITIDA';
    if (xml) {
      c.header('content-type', 'application/xml; charset=utf-8');
      return c.body(
        `<?xml version="1.0" encoding="UTF-8"?>\n<!-- NOTA DE TESTE - SEM VALOR FISCAL -->\n<NotaDeTeste numero="${escapeHtml(nota.number ?? '')}" situacao="${state}" valor="${(nota.amountCents / 100).toFixed(2)}"><Discriminacao>${escapeHtml(nota.item)}</Discriminacao></NotaDeTeste>\n`,
      );
    }
    return c.html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>Nota de teste ${escapeHtml(nota.number ?? '')} — Cena</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">
<p role="alert" style="background:#fde68a;border:2px solid #b45309;padding:.75rem 1rem;font-weight:700">NOTA DE TESTE — SEM VALOR FISCAL (emissor local)</p>
<h1>Nota ${escapeHtml(nota.number ?? '')} — ${state}</h1>
<p>${escapeHtml(nota.item)}: ${escapeHtml(formatBRL(nota.amountCents))}</p>
<p>Emitida em ${escapeHtml(nota.createdAt.toISOString())} (UTC).</p></body></html>`);
  });
  return pages;
}
