import { z } from 'zod';

/**
 * Captions of a completed video (ADR 0039): timed cues of its speech in Brazilian Portuguese, written by a Gemini
 * text model (or, without a key, the local transcriber), corrected by the owner, and given as a WebVTT track and a
 * burned-in MP4. Free: nothing is held or charged, whatever the video says.
 */

/** The longest text of one cue: two lines a phone screen can read in the time a cue shows. */
export const CAPTION_CUE_MAX_CHARS = 120;
/** The most cues a video's captions hold (an 8 s video has a handful; a long film a few hundred). */
export const CAPTION_MAX_CUES = 600;

export const CAPTIONS_MESSAGES = {
  notCompleted: 'Só um vídeo concluído pode ganhar legendas.',
  noSpeech: 'Este vídeo não tem fala.',
  notReady: 'As legendas ainda não estão prontas para editar.',
  stale: 'As legendas mudaram em outra aba. Recarregue para ver a versão atual.',
  cueCount: 'Envie o texto de cada legenda, na ordem, sem tirar nem pôr nenhuma.',
  cueEmpty: 'Uma legenda não pode ficar vazia.',
  cueTooLong: `Cada legenda tem no máximo ${CAPTION_CUE_MAX_CHARS} caracteres.`,
  failed: 'Não conseguimos gerar as legendas deste vídeo. Tente de novo.',
  renderFailed: 'Não conseguimos gravar as legendas no vídeo. Salve de novo para tentar outra vez.',
} as const;

const captionCueSchema = z.strictObject({
  /** Seconds from the video's start. */
  start: z.number().min(0),
  end: z.number().positive(),
  text: z.string().min(1).max(CAPTION_CUE_MAX_CHARS),
});
export type CaptionCue = z.infer<typeof captionCueSchema>;

/**
 * `transcribing`: the job is reading the speech; `ready`: cues to show and edit; `no_speech`: the model heard none
 * ("Este vídeo não tem fala"); `failed`: the transcription gave up (starting again retries it).
 */
const CAPTIONS_STATUSES = ['transcribing', 'ready', 'no_speech', 'failed'] as const;
export type CaptionsStatus = (typeof CAPTIONS_STATUSES)[number];

/** The burned-in MP4 of the current cues: being rendered, ready to download, or failed. */
const BURN_STATUSES = ['rendering', 'ready', 'failed'] as const;

const captionsViewSchema = z.strictObject({
  status: z.enum(CAPTIONS_STATUSES),
  cues: z.array(captionCueSchema),
  /** Which transcriber wrote the cues: the Gemini model's id, or `local` (deterministic stand-in cues). */
  transcribedBy: z.string().nullable(),
  /** Each save adds one; an edit names the revision it corrects. */
  revision: z.int().nonnegative(),
  burn: z.enum(BURN_STATUSES).nullable(),
  /** The burned-in MP4 of this revision, a short-lived signed download; null until rendered. */
  burnedVideoUrl: z.string().nullable(),
  /** Same-origin WebVTT track (the player's `<track>`); add `?download=1` for the file. */
  vttUrl: z.string().nullable(),
  message: z.string().nullable(),
});
export type CaptionsView = z.infer<typeof captionsViewSchema>;

export const captionsResponseSchema = z.strictObject({ captions: captionsViewSchema.nullable() });

const cueTextSchema = z
  .string()
  .trim()
  .min(1, CAPTIONS_MESSAGES.cueEmpty)
  .max(CAPTION_CUE_MAX_CHARS, CAPTIONS_MESSAGES.cueTooLong);

/** The owner's correction: every cue's text, in order (times stay the model's), of the revision it was made on. */
export const editCaptionsSchema = z.strictObject({
  revision: z.int().nonnegative(),
  texts: z.array(cueTextSchema).min(1, CAPTIONS_MESSAGES.cueCount).max(CAPTION_MAX_CUES),
});
export type EditCaptionsInput = z.infer<typeof editCaptionsSchema>;

export const captionsVttQuerySchema = z.strictObject({
  download: z.enum(['1']).optional(),
  /** The revision the player's `<track>` names, so a saved correction is a new URL its cache cannot answer. */
  r: z.coerce.number().int().min(0).optional(),
});

/** The same-origin path of a video's WebVTT track. */
export const captionsVttPath = (requestId: string) => `/api/videos/${requestId}/captions.vtt`;
