import { apiError } from '#server/kernel/errors.server';
import { invalidFields, multipartBodyLimit, readForm, uploadFailed } from '#server/kernel/form-errors.server';
import type { Handlers } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { CAST_IMAGES_MAX, CAST_MESSAGES, createCastFormSchema } from '#shared/cast';
import type { castContract } from '#shared/cast.contract';
import { REFERENCE_IMAGE_MAX_BYTES, referenceImageMaxMegabytes } from '#shared/catalogue';
import type { CastDeps } from './cast-answers.server';
import { toCastMemberView } from './cast-members.server';
import { createCastMember } from './create-cast-member.server';

/** `POST /api/cast`: the multipart form read by its schema; 1–3 images, each checked by its bytes. */

const MAX_BODY_BYTES = CAST_IMAGES_MAX * REFERENCE_IMAGE_MAX_BYTES + 1024 * 1024;

export const createCastMemberRoute = (deps: CastDeps): Handlers<typeof castContract>['createCastMember'] => ({
  before: [
    multipartBodyLimit(
      MAX_BODY_BYTES,
      `Envio grande demais. Cada imagem pode ter até ${referenceImageMaxMegabytes()}MB.`,
    ),
  ],
  handle: async (c) => {
    const form = await readForm(c, createCastFormSchema);
    if (!form.ok) return form.response;
    const result = await createCastMember(deps, sessionOf(c).user.id, form.data, c.get('logger'));
    switch (result.kind) {
      case 'saved':
        return c.json(
          { member: await toCastMemberView(result.member, deps.storage, deps.mediaUrlTtlSeconds) },
          201,
        );
      case 'invalid':
        return invalidFields(c, result.errors);
      case 'full':
        return apiError(c, 409, 'cast_full', CAST_MESSAGES.full);
      case 'upload_failed':
        return uploadFailed(c);
    }
  },
});
