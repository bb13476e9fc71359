import { z } from 'zod';
import { PROMPT_MIN_LENGTH } from './catalogue';
import { PROMPT_MAX_LENGTH } from './video-request';

/**
 * 'Ver prompt estruturado' (docs/video-contract.md): the structured JSON prompt shown before paying, which the user
 * may edit; the edited prompt is what the provider receives and what the technical info shows.
 */

export const STRUCTURED_PROMPT_FIELDS = [
  'subject',
  'action',
  'scene',
  'camera',
  'lighting',
  'style',
  'audio',
  'negative',
] as const;

export const STRUCTURED_FIELD_MAX_LENGTH = 600;

/** `builtBy` of a prompt the user saw and sent from the preview (edited or not): no model rewrites it. */
export const STRUCTURED_PROMPT_BY_USER = 'user';

const field = z
  .string('Valor inválido.')
  .trim()
  .min(1, 'Preencha este campo.')
  .max(STRUCTURED_FIELD_MAX_LENGTH, `Use no máximo ${STRUCTURED_FIELD_MAX_LENGTH} caracteres.`);

/** What `POST /api/videos` accepts as `structuredPrompt` (a JSON text in the multipart form). */
export const editedStructuredPromptSchema = z.strictObject({
  subject: field,
  action: field,
  scene: field,
  camera: field,
  lighting: field,
  style: field,
  audio: field,
  // The only field that may be empty: nothing to keep out.
  negative: z
    .string('Valor inválido.')
    .trim()
    .max(STRUCTURED_FIELD_MAX_LENGTH, `Use no máximo ${STRUCTURED_FIELD_MAX_LENGTH} caracteres.`),
});
export type EditedStructuredPrompt = z.infer<typeof editedStructuredPromptSchema>;

export const INVALID_STRUCTURED_PROMPT = 'Prompt estruturado inválido. Gere a prévia de novo.';

/** `POST /api/videos/prompt-preview` body. */
export const promptPreviewRequestSchema = z.strictObject({
  prompt: z
    .string()
    .trim()
    // A JSON answer's whole message, not a field's label: it says what is needed.
    .min(PROMPT_MIN_LENGTH, `Descreva o vídeo com pelo menos ${PROMPT_MIN_LENGTH} caracteres.`)
    .max(PROMPT_MAX_LENGTH, `Use no máximo ${PROMPT_MAX_LENGTH} caracteres.`),
});

export const promptPreviewResponseSchema = z.object({
  structuredPrompt: editedStructuredPromptSchema,
  /** `rules` (the rule-based builder) or the text model's id. */
  builtBy: z.string(),
  /** pt-BR, when the text model could not write it and the rules did. */
  note: z.string().nullable(),
  /** Previews left in the current hour. */
  remaining: z.int().nonnegative(),
});
export type PromptPreviewResponse = z.infer<typeof promptPreviewResponseSchema>;

/** Previews per user per hour: free, so bounded. */
export const PROMPT_PREVIEWS_PER_HOUR = 20;
export const PROMPT_PREVIEW_RULES_NOTE =
  'Sugestão — o modelo de texto não está disponível agora, então a Cena só separou o seu texto nos campos, com as suas palavras. Revise e edite o que quiser.';

/**
 * What the rules write in a field the user's text says nothing about, in the text's language: the video model
 * decides it, so the field is left out of the text it receives (videoModelPromptText).
 */
export const LEFT_TO_THE_MODEL = { pt: 'a critério do modelo', en: "the model's choice" } as const;
const LEFT_OUT: readonly string[] = Object.values(LEFT_TO_THE_MODEL);

const PROSE_LABELS = {
  subject: 'Subject',
  action: 'Action',
  scene: 'Scene',
  camera: 'Camera',
  lighting: 'Lighting',
  style: 'Style',
  audio: 'Audio',
} as const;

/**
 * The structured prompt as the prose a provider reads (the models document a natural-language prompt, not JSON:
 * OMNI_GUIDE in src/shared/video-models.ts): the user's words first, then one labelled line per field the user
 * described; a field left to the model is not sent.
 */
export function structuredPromptText(
  prompt: string,
  structured: Omit<EditedStructuredPrompt, 'negative'>,
): string {
  const lines = Object.entries(PROSE_LABELS)
    .map(([field, label]) => [label, structured[field as keyof typeof PROSE_LABELS].trim()] as const)
    .filter(([, value]) => !LEFT_OUT.includes(value))
    .map(([label, value]) => `${label}: ${value}`);
  return [prompt.trim(), ...lines].join('\n');
}

/**
 * Omni has no negative prompt field: its guide says to write what to leave out into the prompt ("Do not …"),
 * OMNI_GUIDE "Limitations" in src/shared/video-models.ts.
 */
export function withExclusions(prompt: string, negative: string | undefined): string {
  return negative ? `${prompt}\n\nDo not include: ${negative}` : prompt;
}

/**
 * Exactly the text Omni, the default video model, receives for a structured prompt: what the create page's preview
 * shows as sent, and what the submit step sends.
 */
export function videoModelPromptText(prompt: string, structured: EditedStructuredPrompt): string {
  return withExclusions(structuredPromptText(prompt, structured), structured.negative.trim() || undefined);
}

export function promptPreviewLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Você já viu ${PROMPT_PREVIEWS_PER_HOUR} prévias de prompt nesta hora. Tente de novo em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}
