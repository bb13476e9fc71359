import { z } from 'zod';
import { ASPECT_RATIOS, VIDEO_QUALITIES } from './catalogue';
import { PROVIDER_RESOLUTIONS } from './video-models';

/**
 * Films ('Montar filme', ADR 0014): the user's completed videos of one aspect ratio, ordered and trimmed, joined by
 * Cena into a new video of kind `film`. Joining costs no credits. Shared by the scene board (web), the films
 * endpoints (server) and the OpenAPI document.
 */

export const FILM_TITLE_MAX_LENGTH = 120;
export const FILM_MIN_SCENES = 2;
const FILM_MAX_SCENES = 20;
/** A trimmed scene shorter than this is a flash, not a scene. */
export const FILM_MIN_SCENE_SECONDS = 0.5;
/** The length of the audio crossfade at each cut (the pictures cut straight). */
export const FILM_CROSSFADE_SECONDS = 0.1;

const seconds = z
  .number('Use um número de segundos.')
  .finite('Use um número de segundos.')
  .min(0, 'O corte não pode ser negativo.')
  .max(3600, 'Corte fora do vídeo.');

const filmSceneInputSchema = z.strictObject({
  requestId: z.uuid('Vídeo inválido.'),
  startSeconds: seconds.optional(),
  endSeconds: seconds.optional(),
});
export type FilmSceneInput = z.infer<typeof filmSceneInputSchema>;

export const createFilmSchema = z.strictObject({
  title: z
    .string('Dê um título ao filme.')
    .trim()
    .min(1, 'Dê um título ao filme.')
    .max(FILM_TITLE_MAX_LENGTH, `Use no máximo ${FILM_TITLE_MAX_LENGTH} caracteres no título.`),
  scenes: z
    .array(filmSceneInputSchema, 'Envie a lista de cenas do filme.')
    .min(FILM_MIN_SCENES, `Escolha pelo menos ${FILM_MIN_SCENES} cenas.`)
    .max(FILM_MAX_SCENES, `Use no máximo ${FILM_MAX_SCENES} cenas.`),
  /** Made by the board once per save: a retried or double-clicked save makes one film. */
  clientKey: z.uuid('Chave de envio inválida.'),
});
export type CreateFilmInput = z.infer<typeof createFilmSchema>;

/** The part of a scene a film keeps, or why it cannot: the same rule on the board and on the server. */
export function sceneTrim(
  scene: Pick<FilmSceneInput, 'startSeconds' | 'endSeconds'>,
  deliveredSeconds: number,
): { ok: true; startSeconds: number; endSeconds: number } | { ok: false } {
  const startSeconds = scene.startSeconds ?? 0;
  const endSeconds = scene.endSeconds ?? deliveredSeconds;
  const inside = startSeconds >= 0 && endSeconds <= deliveredSeconds + 0.001;
  if (!inside || endSeconds - startSeconds < FILM_MIN_SCENE_SECONDS) return { ok: false };
  return { ok: true, startSeconds, endSeconds: Math.min(endSeconds, deliveredSeconds) };
}

export function trimOutsideMessage(position: number, deliveredSeconds: number): string {
  const length = deliveredSeconds.toLocaleString('pt-BR', { maximumFractionDigits: 2 });
  return `O corte da cena ${position} está fora do vídeo: use de 0 a ${length} s, com pelo menos ${FILM_MIN_SCENE_SECONDS.toLocaleString('pt-BR')} s.`;
}

export const FILM_MESSAGES = {
  notFound: 'Vídeo não encontrado entre os seus.',
  mixedRatios: 'Todas as cenas precisam ter a mesma proporção.',
  notReady: (position: number) =>
    `A cena ${position} ainda não está pronta: só vídeos concluídos entram no filme.`,
  keyReused: 'Esta chave de envio já foi usada por outra solicitação.',
  renderFailed: 'Não foi possível montar o filme. Tente novamente.',
} as const;

/** A completed video the board can use as a scene (`GET /api/films/candidates`). */
const filmCandidateSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  quality: z.enum(VIDEO_QUALITIES),
  /** The resolution it was made at (its mode's, or Quality's 4K master): the board's cards tell clips apart by it. */
  resolution: z.enum(PROVIDER_RESOLUTIONS),
  aspectRatio: z.enum(ASPECT_RATIOS),
  deliveredSeconds: z.number(),
  createdAt: z.iso.datetime(),
  thumbnailUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  film: z.boolean(),
});
export type FilmCandidate = z.infer<typeof filmCandidateSchema>;
/**
 * One row of the board's list: a single video, or a submit's variations as one — the kept one (ADR 0028), or the
 * first completed while none is kept — with its group's other completed variations behind it ('+2 variações').
 */
const filmCandidateRowSchema = filmCandidateSchema.extend({ otherVariations: z.array(filmCandidateSchema) });
export type FilmCandidateRow = z.infer<typeof filmCandidateRowSchema>;
export const filmCandidatesResponseSchema = z.object({ items: z.array(filmCandidateRowSchema) });
export type FilmCandidatesResponse = z.infer<typeof filmCandidatesResponseSchema>;

/** One scene of a saved film, in order; `requestId` is null once that video is gone. */
const filmSceneSchema = z.object({
  position: z.int(),
  requestId: z.string().nullable(),
  prompt: z.string().nullable(),
  startSeconds: z.number(),
  endSeconds: z.number(),
  thumbnailUrl: z.string().nullable(),
});
export const filmScenesResponseSchema = z.object({ items: z.array(filmSceneSchema) });
export type FilmScenesResponse = z.infer<typeof filmScenesResponseSchema>;
