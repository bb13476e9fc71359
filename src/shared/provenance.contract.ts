import { defineContract } from './api-contract';
import { verifyFormSchema, verifyResultSchema } from './provenance';

/** `/api/verify`: the Content Credentials of a video (ADR 0065), for the public `/verificar` page. */
export const provenanceContract = defineContract({
  verifyVideo: {
    method: 'post',
    path: '/api/verify',
    summary:
      'Read and validate the Content Credentials (C2PA) of an MP4, uploaded or behind a Cena share link',
    description:
      'Multipart: `file` (an MP4, streamed to disk, up to 256 MB) or `link` (`https://…/v/{slug}`), not both. ' +
      'Public: no session needed.',
    tag: 'provenance',
    auth: 'none',
    body: { schema: verifyFormSchema, contentType: 'multipart/form-data' },
    responses: {
      200: {
        description:
          '`{ credentials: valid | invalid | none, madeByCena, signer, signedAt, signedAtSource, generator, model, aiGenerated, actions, failures }`.',
        schema: verifyResultSchema,
      },
    },
    errors: {
      invalid_request: {
        status: 400,
        description: 'Neither or both of file and link, an unknown field, a malformed body',
      },
      not_cena_link: {
        status: 400,
        description: 'The link is not a Cena share link (`/v/{slug}` on this site)',
      },
      not_found: { status: 404, description: 'The share link is revoked or unknown' },
      payload_too_large: { status: 413, description: 'The file is over 256 MB' },
      unsupported_media_type: { status: 415, description: 'Not multipart, or the file is not an MP4' },
    },
  },
});
