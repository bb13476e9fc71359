import { type CastMemberRecord, castSnapshot, findCastMembers } from '#server/cast/cast.server';
import type { FieldErrors } from '#server/kernel/form-errors.server';
import type { Logger } from '#server/logger.server';
import {
  contentTypeOf,
  imageKey,
  readImage,
  type StagedImages,
  stageImages,
  storedImage,
  type UploadedImage,
} from '#server/storage/storage.server';
import { castFitProblem } from '#shared/cast';
import { VIDEO_LENGTH_SECONDS } from '#shared/catalogue';
import { STRUCTURED_PROMPT_BY_USER } from '#shared/prompt-preview';
import { directingProblems } from '#shared/video-directing';
import { chosenFieldsOf } from '#shared/video-request';
import { type CreateVideoForm, clipProblems, firstFrameOf } from '#shared/video-request-form';
import {
  type CreateVideoDeps,
  type CreateVideoResult,
  createVideoRequest,
} from './create-video-request.server';
import type { VideosDeps } from './video-answers.server';

/**
 * 'Criar vídeo' once its form is read (src/shared/video-request-form.ts): what the schema cannot judge (each
 * image's bytes, what the mode's model accepts, the cast), then the images stored as the request's own and the
 * request created with its hold (create-video-request.server.ts). Everything is checked before anything is stored
 * or held; images stored for a request that is not created are deleted again.
 */

type CreateVideoOutcome =
  | CreateVideoResult
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'cast_not_found' }
  | { kind: 'cast_does_not_fit'; message: string }
  | { kind: 'upload_failed' };

interface FormImages {
  firstFrame: UploadedImage | undefined;
  lastFrame: UploadedImage | undefined;
  references: UploadedImage[];
}

/** The form's images read by their bytes, and each field's problem: its type, or what the model does not take. */
async function readFormImages(
  deps: VideosDeps,
  form: CreateVideoForm,
): Promise<{ images: FormImages; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const read = async (name: 'firstFrame' | 'image' | 'lastFrame' | 'referenceImages', file: File) => {
    const image = await readImage(file);
    if (!('problem' in image)) return image;
    errors[name] ??= image.problem;
    return undefined;
  };
  const sent = firstFrameOf(form);
  if ('problem' in sent) errors.firstFrame = sent.problem;
  const sentFile = 'file' in sent ? sent.file : undefined;
  const firstFrame = sentFile && 'field' in sent ? await read(sent.field, sentFile) : undefined;
  const lastFrame = form.lastFrame && (await read('lastFrame', form.lastFrame));
  const references: UploadedImage[] = [];
  for (const file of form.referenceImages ?? []) {
    const image = await read('referenceImages', file);
    if (image) references.push(image);
  }
  const problems = directingProblems(
    { firstFrame: Boolean(sentFile), lastFrame: Boolean(lastFrame), referenceImages: references.length },
    deps.capabilities(form.quality),
  );
  if (problems.lastFrame) errors.lastFrame ??= problems.lastFrame;
  if (problems.referenceImages) errors.referenceImages ??= problems.referenceImages;
  Object.assign(errors, clipProblems(form, deps.capabilities(form.quality)));
  return { images: { firstFrame, lastFrame, references }, errors };
}

/**
 * The request's own copies, `{userId}/{timestamp}-{role}{safe name}`: the first frame, the last frame, the
 * uploaded references, then the cast's images (a member renamed, changed or deleted later leaves it as it was).
 */
function requestImages(deps: VideosDeps, userId: string, images: FormImages, cast: CastMemberRecord[]) {
  const prefix = (role: string) => `${userId}/${Date.now()}-${role}`;
  const named = (role: string, image: UploadedImage | undefined) =>
    image ? [{ key: imageKey(prefix(role), image), image }] : [];
  const castKeys = cast.flatMap((member) => member.imageKeys);
  return {
    first: named('', images.firstFrame),
    last: named('last-frame-', images.lastFrame),
    references: [
      ...images.references.map((image, index) => ({
        key: imageKey(prefix(`reference-${index + 1}-`), image),
        image,
      })),
      ...castKeys.map((key, index) => ({
        key: imageKey(prefix(`cast-${index + 1}-`), {
          name: key.split('/').pop() ?? 'elenco',
          type: contentTypeOf(key),
        }),
        image: () => storedImage(deps.storage, key),
      })),
    ],
  };
}

/** `create` is what the request's create needs (video-answers.server.ts `createDeps`). */
export async function createVideo(
  deps: VideosDeps,
  create: CreateVideoDeps,
  { userId, form, logger }: { userId: string; form: CreateVideoForm; logger: Logger },
): Promise<CreateVideoOutcome> {
  const { images, errors } = await readFormImages(deps, form);
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  // The cast is checked before anything is stored or held: another user's member reads as missing.
  const cast = await findCastMembers(deps.pool, userId, form.castIds ?? []);
  if (!cast) return { kind: 'cast_not_found' };
  const castImages = cast.flatMap((member) => member.imageKeys).length;
  const fit = castFitProblem(
    castImages,
    images.references.length,
    deps.capabilities(form.quality).referenceImagesMax,
  );
  if (fit) return { kind: 'cast_does_not_fit', message: fit };

  const named = requestImages(deps, userId, images, cast);
  const staged = await stageImages(deps.storage, [...named.first, ...named.last, ...named.references], {
    logger,
    isKept: (key) => keptByARequest(deps, userId, key),
  });
  if (!staged) return { kind: 'upload_failed' };
  const keyOf = (list: readonly { key: string }[]) => list[0]?.key ?? null;
  return createWithImages(create, staged, {
    userId,
    clientKey: form.clientKey,
    // The form's `resolution` is the row's `masterResolution`: the row's `resolution` is the delivered video's
    // frame size (docs/vocabulary.md).
    ...chosenFieldsOf({
      ...form,
      clipSeconds: form.clipSeconds ?? VIDEO_LENGTH_SECONDS,
      masterResolution: form.resolution ?? null,
    }),
    seed: form.seed ? Number(form.seed) : null,
    firstFrameKey: keyOf(named.first),
    lastFrameKey: keyOf(named.last),
    referenceImageKeys: named.references.map(({ key }) => key),
    variations: Number(form.variations ?? 1),
    cast: cast.map(castSnapshot),
    structuredPrompt: form.structuredPrompt && {
      ...form.structuredPrompt,
      builtBy: STRUCTURED_PROMPT_BY_USER,
    },
  });
}

/** The request created with its stored images, which are deleted again unless it was created. */
async function createWithImages(
  create: CreateVideoDeps,
  staged: StagedImages,
  input: Parameters<typeof createVideoRequest>[1],
): Promise<CreateVideoResult> {
  let result: CreateVideoResult;
  try {
    result = await createVideoRequest(create, input);
  } catch (error) {
    await staged.drop();
    throw error;
  }
  if (result.kind !== 'created') await staged.drop();
  return result;
}

/**
 * Two identical submits in the same millisecond name their images alike: an image a request keeps (the winner of
 * a replay) is not this submit's to delete.
 */
async function keptByARequest(deps: VideosDeps, userId: string, key: string): Promise<boolean> {
  const kept = await deps.pool.query(
    `SELECT 1 FROM video_requests
     WHERE user_id = $1 AND (first_frame_key = $2 OR last_frame_key = $2 OR $2 = ANY(reference_image_keys))
     LIMIT 1`,
    [userId, key],
  );
  return (kept.rowCount ?? 0) > 0;
}
