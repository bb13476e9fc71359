import { z } from 'zod';
import type { CreditsResponse } from '#shared/credits';
import { historyQuerySchema } from '#shared/history-filters';
import type { HistoryPage } from '#shared/history-list';
import { type VideoEstimate, videoEstimateQuerySchema } from '#shared/video-estimate';
import { videoPhaseOf } from '#shared/video-phase';
import type { VideoRequestView } from '#shared/video-request';
import { createVideoFormSchema } from '#shared/video-request-form';
import { STORY_TOOLS } from './story-tools.server';
import {
  credits,
  type McpTool,
  PHASE_LABEL,
  refusal,
  tool,
  toolAnswer,
  videoLine,
} from './tool-answers.server';

/**
 * The tools of Cena's MCP server (ADR 0063). Each one's input is a schema of src/shared the API validates the same
 * operation with (the create form's fields, the history's query), and each one calls that operation (api-call).
 * `scope` is what the operation asks of an API key — its own guard checks it (a read-only key estimates, reads and
 * lists, and is refused creating or sharing) — and marks the read-only tools for the client (`readOnlyHint`).
 */

/** A video id, as `/api/videos/{id}` takes it (a string; another user's or a malformed one answers 404). */
const videoIdInput = z.strictObject({
  id: z.string().meta({ description: 'O id do vídeo (o `id` que create_video ou list_videos devolveu).' }),
});

/**
 * The create form without its files and edited structured prompt: an assistant sends text, and a video from images
 * is made in the web app (ADR 0063).
 */
const createInput = createVideoFormSchema.pick({
  prompt: true,
  quality: true,
  clipSeconds: true,
  resolution: true,
  aspectRatio: true,
  seed: true,
  clientKey: true,
  castIds: true,
  variations: true,
});

/** The multipart form `POST /api/videos` reads, from the fields as the client sent them (text, lists repeated). */
function formOf(sent: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(sent)) {
    for (const item of [value].flat()) form.append(name, String(item));
  }
  return form;
}

/** A query string of the parameters as the client sent them. */
function queryOf(sent: Record<string, unknown>): URLSearchParams {
  return new URLSearchParams(Object.entries(sent).map(([name, value]) => [name, String(value)]));
}

const estimateCost = tool({
  name: 'estimate_cost',
  title: 'Estimar o custo',
  description:
    'Quantos créditos um vídeo custaria (por modo, duração, resolução e variações), o saldo e o saldo depois. Não cobra nada.',
  input: videoEstimateQuerySchema,
  scope: 'read',
  async run(api, _args, sent) {
    const answer = await api.call('GET', `/api/videos/estimate?${queryOf(sent)}`);
    if (!answer.ok) return refusal(answer);
    const estimate = answer.body as VideoEstimate;
    const after = estimate.enough
      ? `depois do pedido: ${credits(estimate.balanceAfter)}.`
      : `faltam ${credits(-estimate.balanceAfter)}.`;
    const unavailable = estimate.modeAvailable ? '' : ' Este modo está indisponível agora.';
    return toolAnswer(
      `Custo: ${credits(estimate.credits)}. Saldo: ${credits(estimate.balance)}; ${after}${unavailable}`,
      answer.body,
    );
  },
});

const createVideo = tool({
  name: 'create_video',
  title: 'Criar vídeo',
  description:
    'Pede um vídeo e reserva os créditos dele. Use um clientKey (UUID) novo por vídeo e repita o mesmo ao tentar de novo: o pedido é criado uma vez só. Acompanhe com get_video.',
  input: createInput,
  scope: 'create',
  async run(api, _args, sent) {
    const answer = await api.call('POST', '/api/videos', formOf(sent));
    if (!answer.ok) return refusal(answer);
    const { request, group } = answer.body as { request: VideoRequestView; group: VideoRequestView[] };
    const ids = group.map((video) => video.id).join(', ');
    const text = `Pedido criado (${ids}): ${credits(group.reduce((sum, video) => sum + video.creditsUsed, 0))} reservados. Status: ${PHASE_LABEL[videoPhaseOf(request.status)]}.`;
    return toolAnswer(text, answer.body);
  },
});

const getVideo = tool({
  name: 'get_video',
  title: 'Ver um vídeo',
  description: 'O status de um vídeo e, quando pronto, o link para baixar (válido por pouco tempo).',
  input: videoIdInput,
  scope: 'read',
  async run(api, args) {
    const answer = await api.call('GET', `/api/videos/${encodeURIComponent(args.id)}`);
    if (!answer.ok) return refusal(answer);
    const { request } = answer.body as { request: VideoRequestView };
    return toolAnswer(videoLine(request, api.origin), answer.body);
  },
});

const listVideos = tool({
  name: 'list_videos',
  title: 'Listar vídeos',
  description:
    'Os vídeos mais recentes, 20 por página, com os filtros do Histórico (texto, modo, status, período).',
  input: historyQuerySchema,
  scope: 'read',
  async run(api, _args, sent) {
    const query = queryOf(sent);
    const answer = await api.call('GET', `/api/videos${query.size > 0 ? `?${query}` : ''}`);
    if (!answer.ok) return refusal(answer);
    const page = answer.body as HistoryPage;
    const text = `${page.total} ${page.total === 1 ? 'vídeo' : 'vídeos'}; página ${page.page} de ${Math.max(page.totalPages, 1)}.`;
    return toolAnswer(text, answer.body);
  },
});

const getBalance = tool({
  name: 'get_balance',
  title: 'Ver o saldo',
  description: 'O saldo de créditos e quantos vencem nos próximos 7 dias.',
  input: z.strictObject({}),
  scope: 'read',
  async run(api) {
    const answer = await api.call('GET', '/api/credits');
    if (!answer.ok) return refusal(answer);
    const { balance, expiringSoon } = answer.body as CreditsResponse;
    const expiring =
      expiringSoon.total > 0
        ? ` ${credits(expiringSoon.total)} vencem em até ${expiringSoon.daysLeft ?? 0} ${expiringSoon.daysLeft === 1 ? 'dia' : 'dias'}.`
        : '';
    return toolAnswer(`Saldo: ${credits(balance)}.${expiring}`, { balance, expiringSoon });
  },
});

const shareVideo = tool({
  name: 'share_video',
  title: 'Compartilhar vídeo',
  description:
    'O link público de um vídeo pronto (o mesmo enquanto não for revogado). Qualquer pessoa com o link assiste.',
  input: videoIdInput,
  scope: 'create',
  async run(api, args) {
    const answer = await api.call('POST', `/api/videos/${encodeURIComponent(args.id)}/share`, {});
    if (!answer.ok) return refusal(answer);
    return toolAnswer(`Link público: ${String(answer.body.url)}`, answer.body);
  },
});

export const MCP_TOOLS: readonly McpTool[] = [
  estimateCost,
  createVideo,
  getVideo,
  listVideos,
  getBalance,
  shareVideo,
  ...STORY_TOOLS,
];
