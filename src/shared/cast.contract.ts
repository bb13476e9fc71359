import { defineContract, EMPTY_BODY } from './api-contract';
import {
  castDeletedSchema,
  castListSchema,
  castMemberResponseSchema,
  createCastFormSchema,
  updateCastMemberSchema,
} from './cast';

const NOT_FOUND = { status: 404, description: 'No such member of this user (or a malformed id)' } as const;

/** `/api/cast`, the user's Elenco (docs/video-contract.md, Elenco). */
export const castContract = defineContract({
  listCast: {
    method: 'get',
    path: '/api/cast',
    summary: "The signed-in user's cast: characters, products and styles",
    tag: 'cast',
    auth: 'session',
    apiKey: 'read',
    responses: { 200: { description: '`{ items }`, oldest first.', schema: castListSchema } },
  },
  createCastMember: {
    method: 'post',
    path: '/api/cast',
    summary: 'Save a cast member with 1–3 images',
    tag: 'cast',
    auth: 'session',
    body: { schema: createCastFormSchema, contentType: 'multipart/form-data' },
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
