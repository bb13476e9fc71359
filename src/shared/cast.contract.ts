import { z } from 'zod';
import { defineContract, EMPTY_BODY } from './api-contract';
import {
  CAST_DESCRIPTION_MAX_LENGTH,
  CAST_IMAGES_MAX,
  CAST_IMAGES_MIN,
  CAST_KINDS,
  CAST_NAME_MAX_LENGTH,
  castDeletedSchema,
  castListSchema,
  castMemberResponseSchema,
  updateCastMemberSchema,
} from './cast';
import { imagePart } from './image-part';

/**
 * `POST /api/cast`, as sent: the text fields plus 1–3 image parts. Documentation only: the handler reads the form
 * and checks it with `createCastMemberSchema` (src/shared/cast.ts), field by field.
 */
const createCastForm = z.strictObject({
  name: z.string().max(CAST_NAME_MAX_LENGTH),
  kind: z.enum(CAST_KINDS),
  description: z.string().max(CAST_DESCRIPTION_MAX_LENGTH).optional(),
  likenessConsent: z
    .enum(['true', 'on', 'false'])
    .meta({ description: "Required `true` for a character: the portrayed person's consent (LGPD art. 11)." })
    .optional(),
  images: z
    .array(imagePart('An image of the member'))
    .min(CAST_IMAGES_MIN)
    .max(CAST_IMAGES_MAX)
    .meta({ description: '1 to 3 parts named images.' }),
});

const NOT_FOUND = { status: 404, description: 'No such member of this user (or a malformed id)' } as const;

/** `/api/cast`, the user's Elenco (docs/video-contract.md, Elenco). */
export const castContract = defineContract({
  listCast: {
    method: 'get',
    path: '/api/cast',
    summary: "The signed-in user's cast: characters, products and styles",
    tag: 'cast',
    auth: 'session',
    responses: { 200: { description: '`{ items }`, oldest first.', schema: castListSchema } },
  },
  createCastMember: {
    method: 'post',
    path: '/api/cast',
    summary: 'Save a cast member with 1–3 images',
    tag: 'cast',
    auth: 'session',
    body: { schema: createCastForm, contentType: 'multipart/form-data' },
    responses: { 201: { description: '`{ member }`.', schema: castMemberResponseSchema } },
    errors: {
      invalid_request: {
        status: 400,
        description:
          'Invalid fields, each with its message in `fields`: name, kind, images, likenessConsent missing for a character',
      },
      cast_full: { status: 409, description: 'The cast already has its maximum of members' },
      upload_failed: { status: 503, description: 'The images could not be stored; nothing was saved' },
    },
  },
  updateCastMember: {
    method: 'patch',
    path: '/api/cast/{id}',
    summary: 'Rename a cast member or change its description',
    tag: 'cast',
    auth: 'session',
    body: { schema: updateCastMemberSchema },
    responses: { 200: { description: '`{ member }`.', schema: castMemberResponseSchema } },
    errors: { not_found: NOT_FOUND },
  },
  deleteCastMember: {
    method: 'delete',
    path: '/api/cast/{id}',
    summary: 'Delete a cast member and its images (requests that used it keep their copies)',
    tag: 'cast',
    auth: 'session',
    body: EMPTY_BODY,
    responses: { 200: { description: '`{ deleted: true }`.', schema: castDeletedSchema } },
    errors: { not_found: NOT_FOUND },
  },
});
