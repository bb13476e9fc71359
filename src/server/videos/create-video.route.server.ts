import { apiError } from '#server/kernel/errors.server';
import { invalidFields, multipartBodyLimit, readForm, uploadFailed } from '#server/kernel/form-errors.server';
import type { Handlers } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { CAST_MESSAGES } from '#shared/cast';
import { REFERENCE_IMAGE_MAX_BYTES, referenceImageMaxMegabytes } from '#shared/catalogue';
import { MAX_REFERENCE_IMAGES } from '#shared/video-directing';
import { createVideoFormSchema } from '#shared/video-request-form';
import type { videosContract } from '#shared/videos.contract';
import { createVideo } from './create-video.server';
import { createDeps, groupView, refusalAnswer, type VideosDeps } from './video-answers.server';

/**
 * `POST /api/videos` (docs/video-contract.md): the multipart form read by its schema, the work done by
 * create-video.server.ts, idempotent by clientKey. The image's type comes from its bytes, never its name.
 */

/**
 * Up to five images of REFERENCE_IMAGE_MAX_BYTES each (first frame, last frame, three references) plus the text
 * fields and multipart framing; larger bodies are cut off while streaming.
 */
const MAX_BODY_BYTES = (1 + 1 + MAX_REFERENCE_IMAGES) * REFERENCE_IMAGE_MAX_BYTES + 1024 * 1024;

export const createVideoRoute = (deps: VideosDeps): Handlers<typeof videosContract>['createVideo'] => ({
  before: [
    multipartBodyLimit(
      MAX_BODY_BYTES,
      `Envio grande demais. A imagem pode ter até ${referenceImageMaxMegabytes()}MB.`,
    ),
  ],
  handle: async (c) => {
    const form = await readForm(c, createVideoFormSchema);
    if (!form.ok) return form.response;
    const result = await createVideo(deps, createDeps(deps, c), {
      userId: sessionOf(c).user.id,
      form: form.data,
      logger: c.get('logger'),
    });
    switch (result.kind) {
      case 'created':
        return c.json(await groupView(deps, result), 201);
      case 'existing':
        return c.json(await groupView(deps, result), 200);
      case 'invalid':
        return invalidFields(c, result.errors);
      case 'cast_not_found':
        return apiError(c, 404, 'cast_not_found', CAST_MESSAGES.notFound);
      case 'cast_does_not_fit':
        return apiError(c, 409, 'cast_does_not_fit', result.message);
      case 'upload_failed':
        return uploadFailed(c);
      default:
        return refusalAnswer(c, result, Number(form.data.variations ?? 1));
    }
  },
});
