import { z } from 'zod';
import {
  createStorySchema,
  finishStorySchema,
  type Story,
  type StoryStatus,
  storyClientKeySchema,
} from '#shared/stories';
import { videoPhaseOf } from '#shared/video-phase';
import type { VideoRequestView } from '#shared/video-request';
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
 * The story tools of Cena's MCP server (ADR 0062, ADR 0063): the fewest that take an idea to a film — plan it
 * (free), draft every shot at 360p, read it, finish it — each calling its `/api/stories` operation with the body
 * that operation validates (`createStorySchema`, `storyClientKeySchema`, `finishStorySchema`), so a key's scope,
 * daily limit and the holds apply as they do to the API. Editing the plan and re-rolling one shot stay in the web's
 * board, where the person sees the takes.
 */

/** The story's status as the web's list names it (src/web/features/stories/locales/pt-BR.ts). */
const STATUS_LABEL: Record<StoryStatus, string> = {
  plan: 'Plano',
  drafting: 'Rascunhando',
  review: 'Revisão',
  finishing: 'Finalizando',
  finished: 'Pronto',
};

const storyId = z.string().meta({ description: 'O id do roteiro (o `id` que create_story devolveu).' });

function planLine(story: Story): string {
  const { price } = story;
  return (
    `Roteiro "${story.title}" (${story.id}): ${story.shots.length} cenas, ${story.totalSeconds} s. ` +
    `Rascunhos em 360p: ${credits(price.draft.credits)}. Versão final: Fast ${credits(price.fast.credits)}, ` +
    `Quality ${credits(price.quality.credits)}, 4K ${credits(price['4k'].credits)}.`
  );
}

function shotLine(shot: Story['shots'][number]): string {
  const take = shot.request;
  return `Cena ${shot.position}: ${take ? PHASE_LABEL[videoPhaseOf(take.status)] : 'sem rascunho'}.`;
}

const createStory = tool({
  name: 'create_story',
  title: 'Criar roteiro',
  description:
    'Planeja um roteiro a partir de uma ideia: as cenas, com a duração e o preço dos rascunhos e da versão final. Não cobra nada. ' +
    'Mostre o plano e o preço à pessoa; depois gere os rascunhos com draft_story.',
  input: createStorySchema,
  scope: 'create',
  async run(api, _args, sent) {
    const answer = await api.call('POST', '/api/stories', sent);
    if (!answer.ok) return refusal(answer);
    const { story } = answer.body as { story: Story };
    const shots = story.shots.map((shot) => `${shot.position}. ${shot.prompt}`).join(' ');
    return toolAnswer(`${planLine(story)} Cenas: ${shots}`, answer.body);
  },
});

const draftStory = tool({
  name: 'draft_story',
  title: 'Gerar os rascunhos do roteiro',
  description:
    'Gera em 360p o rascunho de cada cena ainda sem rascunho e reserva os créditos deles (cada cena cobrada quando fica pronta). ' +
    'Use um clientKey (UUID) novo e repita o mesmo ao tentar de novo. Acompanhe com get_story.',
  input: z.strictObject({ id: storyId, ...storyClientKeySchema.shape }),
  scope: 'create',
  async run(api, args) {
    const path = `/api/stories/${encodeURIComponent(args.id)}/drafts`;
    const answer = await api.call('POST', path, { clientKey: args.clientKey });
    if (!answer.ok) return refusal(answer);
    const { story, requestIds } = answer.body as { story: Story; requestIds: string[] };
    const drafted = story.shots.filter((shot) => shot.request && requestIds.includes(shot.request.id));
    const held = drafted.reduce((sum, shot) => sum + (shot.request?.creditsUsed ?? 0), 0);
    return toolAnswer(
      `Rascunhos pedidos para ${requestIds.length} ${requestIds.length === 1 ? 'cena' : 'cenas'}: ${credits(held)} reservados.`,
      answer.body,
    );
  },
});

const getStory = tool({
  name: 'get_story',
  title: 'Ver um roteiro',
  description:
    'O status do roteiro e de cada cena e, quando finalizado, o link para baixar o filme. Os rascunhos prontos são revisados no app (Roteiros).',
  input: z.strictObject({ id: storyId }),
  scope: 'read',
  async run(api, args) {
    const answer = await api.call('GET', `/api/stories/${encodeURIComponent(args.id)}`);
    if (!answer.ok) return refusal(answer);
    const { story } = answer.body as { story: Story };
    const film = story.film ? ` Filme: ${videoLine(story.film, api.origin)}` : '';
    const shots = story.shots.map(shotLine).join(' ');
    return toolAnswer(`Roteiro ${story.id}: ${STATUS_LABEL[story.status]}. ${shots}${film}`, answer.body);
  },
});

const finishStory = tool({
  name: 'finish_story',
  title: 'Finalizar roteiro',
  description:
    'Faz a versão final de cada cena marcada (Fast ou Quality; master "4k" para 4K) a partir do rascunho pronto e junta tudo num filme legendado. ' +
    'Reserva o preço da versão final. Use um clientKey (UUID) novo e repita o mesmo ao tentar de novo. Acompanhe com get_story.',
  input: finishStorySchema.extend({ id: storyId }),
  scope: 'create',
  async run(api, args, sent) {
    const { id: _id, ...body } = sent;
    const answer = await api.call('POST', `/api/stories/${encodeURIComponent(args.id)}/finish`, body);
    if (!answer.ok) return refusal(answer);
    const { request } = answer.body as { request: VideoRequestView };
    return toolAnswer(
      `Finalização pedida. Filme ${request.id}: ${PHASE_LABEL[videoPhaseOf(request.status)]}. Acompanhe com get_story.`,
      answer.body,
    );
  },
});

export const STORY_TOOLS: readonly McpTool[] = [createStory, draftStory, getStory, finishStory];
