import { z } from 'zod';
import { imageFile } from './image-part';

/**
 * Elenco: characters, products and styles a user keeps under a name with 1–3 images, and picks on the create page
 * so the same face, product or look comes back in every video. Their images are sent as the model's reference
 * images, within the count the chosen model accepts (src/shared/video-directing.ts).
 *
 * A character may show a real person: a face is biometric data, sensitive under LGPD (Lei 13.709/2018, art. 11),
 * so saving one needs the user's statement that they have that person's consent, stored with its date.
 */

export const CAST_KINDS = ['character', 'product', 'style'] as const;
export type CastKind = (typeof CAST_KINDS)[number];

export const CAST_IMAGES_MIN = 1;
export const CAST_IMAGES_MAX = 3;
export const CAST_NAME_MAX_LENGTH = 60;
export const CAST_DESCRIPTION_MAX_LENGTH = 500;
/** How many members a user may keep: a list that fits one page and a bound on the storage one account uses. */
export const CAST_MEMBERS_MAX = 50;

export const CAST_MESSAGES = {
  consentRequired:
    'Confirme que você tem o consentimento da pessoa retratada (LGPD, art. 11) para salvar um personagem.',
  imagesCount: `Envie de ${CAST_IMAGES_MIN} a ${CAST_IMAGES_MAX} imagens.`,
  notFound: 'Membro do elenco não encontrado.',
  full: `Você já tem ${CAST_MEMBERS_MAX} membros no elenco. Exclua algum para salvar outro.`,
} as const;

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Dê um nome.')
  .max(CAST_NAME_MAX_LENGTH, `Use no máximo ${CAST_NAME_MAX_LENGTH} caracteres.`);

/**
 * The cast form, `POST /api/cast` (multipart): one schema for the cast page's checks, the server's reading of the
 * form and the OpenAPI document. Each image's type is judged by its bytes beside it.
 */
export const createCastFormSchema = z
  .strictObject({
    name: nameSchema,
    kind: z.enum(CAST_KINDS, 'Escolha personagem, produto ou estilo.'),
    description: z
      .string()
      .trim()
      .max(CAST_DESCRIPTION_MAX_LENGTH, `Use no máximo ${CAST_DESCRIPTION_MAX_LENGTH} caracteres.`)
      .optional(),
    /** A checkbox: `true` (or the browser's `on`) when the user confirms the portrayed person's consent. */
    likenessConsent: z
      .enum(['true', 'on', 'false'])
      .meta({
        description: "Required `true` for a character: the portrayed person's consent (LGPD art. 11).",
      })
      .optional(),
    images: z
      .array(imageFile('An image of the member'), CAST_MESSAGES.imagesCount)
      .min(CAST_IMAGES_MIN, CAST_MESSAGES.imagesCount)
      .max(CAST_IMAGES_MAX, CAST_MESSAGES.imagesCount)
      .meta({ description: `${CAST_IMAGES_MIN} to ${CAST_IMAGES_MAX} parts named images.` }),
  })
  .superRefine(
    (value, context) => {
      if (value.kind === 'character' && value.likenessConsent !== 'true' && value.likenessConsent !== 'on') {
        context.addIssue({
          code: 'custom',
          path: ['likenessConsent'],
          message: CAST_MESSAGES.consentRequired,
        });
      }
    },
    // Every field's problem at once: the consent is said beside a missing image too.
    { when: () => true },
  );
export type CreateCastForm = z.output<typeof createCastFormSchema>;

/** `PATCH /api/cast/{id}`: rename, or change the description (null or '' clears it). */
export const updateCastMemberSchema = z
  .strictObject({
    name: nameSchema.optional(),
    description: z
      .string()
      .trim()
      .max(CAST_DESCRIPTION_MAX_LENGTH, `Use no máximo ${CAST_DESCRIPTION_MAX_LENGTH} caracteres.`)
      .nullable()
      .optional(),
  })
  .refine(
    (value) => value.name !== undefined || value.description !== undefined,
    'Envie um nome ou uma descrição para alterar.',
  );
export type UpdateCastMemberInput = z.infer<typeof updateCastMemberSchema>;

const castMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(CAST_KINDS),
  description: z.string().nullable(),
  /** Short-lived signed URLs of the member's images, in the order they were saved. */
  imageUrls: z.array(z.string()),
  /** When the user confirmed the portrayed person's consent (characters only). */
  likenessConsentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CastMember = z.infer<typeof castMemberSchema>;

export const castListSchema = z.object({ items: z.array(castMemberSchema) });
export const castMemberResponseSchema = z.object({ member: castMemberSchema });
export const castDeletedSchema = z.object({ deleted: z.literal(true) });

/** What a request keeps of the members it used (they may be renamed or deleted later). */
export const castSnapshotSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CAST_KINDS),
  images: z.int(),
});
export type CastSnapshot = z.infer<typeof castSnapshotSchema>;

/**
 * Why the chosen cast does not fit the model, in pt-BR; undefined when it fits. Each member's images count as
 * reference images, beside those uploaded on the form.
 */
export function castFitProblem(
  castImages: number,
  uploadedReferences: number,
  referenceImagesMax: number,
): string | undefined {
  const total = castImages + uploadedReferences;
  if (total <= referenceImagesMax || castImages === 0) return undefined;
  if (referenceImagesMax === 0)
    return 'O modelo escolhido não aceita imagens de referência, então não usa o elenco.';
  return `O modelo escolhido aceita até ${referenceImagesMax} imagens de referência; o elenco e as imagens escolhidas somam ${total}.`;
}
