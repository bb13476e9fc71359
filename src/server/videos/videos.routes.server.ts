import type { Context, Hono } from 'hono';
import type pg from 'pg';
import { CAST_MESSAGES, castFitProblem } from '../../shared/cast';
import {
  REFERENCE_IMAGE_MAX_BYTES,
  referenceImageMaxMegabytes,
  type VideoQuality,
} from '../../shared/catalogue';
import {
  editedStructuredPromptSchema,
  INVALID_STRUCTURED_PROMPT,
  promptPreviewLimitMessage,
  STRUCTURED_PROMPT_BY_USER,
} from '../../shared/prompt-preview';
import {
  directingOffer,
  directingProblems,
  MAX_REFERENCE_IMAGES,
  TOO_MANY_REFERENCE_IMAGES,
  type VideoAvailability,
} from '../../shared/video-directing';
import {
  createVideoRequestSchema,
  REFERENCE_IMAGE_WRONG_TYPE,
  VIDEO_UNAVAILABLE_MESSAGE,
  type VideoModeAvailability,
} from '../../shared/video-request';
import { videosContract } from '../../shared/videos.contract';
import { castSnapshot, findCastMembers } from '../cast/cast.server';
import { historyExportHandler, historyListHandler } from '../history/history.routes.server';
import { type AppEnv, apiError } from '../kernel/errors.server';
import {
  fieldErrors,
  fieldMessages,
  invalidFields,
  multipartBodyLimit,
  readMultipart,
  textFields,
} from '../kernel/form-errors.server';
import { type Guards, routesFromContract } from '../kernel/operations.server';
import { decodeJson } from '../kernel/request-validation.server';
import { sessionOf } from '../kernel/session.server';
import { type BlobStorage, contentTypeOf, extensionOf, safeFileName } from '../storage/blob-storage.server';
import { readImage, type UploadedImage } from '../storage/uploaded-image.server';
import type { CapabilitiesOf } from './capabilities.server';
import type { FairQueue } from './capacity/fair-queue.server';
import { type CreateVideoResult, createVideoRequest } from './create-video-request.server';
import { createDerivedVideoRequest } from './derived-video-request.server';
import { previewPrompt } from './prompt-preview/prompt-preview.server';
import { type PromptWriter, RULES_WRITER } from './prompt-writer.server';
import { takeChecksOf } from './take-check/take-view.server';
import { findVersions } from './video-versions.server';
import { findVideoRequest, toVideoRequestView, type VideoRequestRecord } from './video-view.server';

/**
 * `/api/videos` (docs/video-contract.md): create (multipart, idempotent by clientKey) and read one request.
 * Everything the form checks is checked again here; the image's type comes from its bytes, never its name.
 */

/**
 * Up to five images of REFERENCE_IMAGE_MAX_BYTES each (first frame, last frame, three references) plus the text
 * fields and multipart framing; larger bodies are cut off while streaming.
 */
const MAX_BODY_BYTES = (1 + 1 + MAX_REFERENCE_IMAGES) * REFERENCE_IMAGE_MAX_BYTES + 1024 * 1024;
/** The multipart file fields: the first frame (`image`, its historical name), the last frame, the references. */
const IMAGE_FIELDS = new Set(['image', 'lastFrame', 'referenceImages']);
/** Text fields a form may send several times (one Elenco member each). */
const REPEATABLE_FIELDS = new Set(['castIds']);
const DEFAULT_CREATE_PER_MINUTE = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface VideosRoutesOptions {
  pool: pg.Pool;
  /** The fair queue: a waiting request's place in line, and the create page's estimate. */
  queue: FairQueue;
  storage: BlobStorage;
  guards: Guards;
  mediaUrlTtlSeconds: number;
  /** What the configured models can do (extension, edit, frames, references). */
  capabilities: CapabilitiesOf;
  createPerMinute?: number;
  /** The periodic model check: which modes may be created now. */
  modes: { isAvailable(quality: VideoQuality): boolean; modes(): VideoModeAvailability };
  /** 'Ver prompt estruturado': the text model (with its rules fallback); default: the rules alone. */
  writePrompt?: PromptWriter;
}

/** What a new video and an extension or edit are both refused for, before anything is held. */
type CreateRefusal = Extract<
  CreateVideoResult,
  { kind: 'insufficient_credits' | 'rate_limited' | 'unavailable' }
>;

/** The answer to a refused create, extension or edit: one wording and one Retry-After for each refusal. */
function refusalAnswer(c: Context<AppEnv>, refusal: CreateRefusal, variations: number): Response {
  switch (refusal.kind) {
    case 'insufficient_credits':
      return apiError(
        c,
        402,
        'insufficient_credits',
        variations > 1
          ? 'Créditos insuficientes para todas as variações.'
          : 'Créditos insuficientes para este vídeo.',
      );
    case 'rate_limited':
      // The per-user limit is counted by create itself, not by a middleware before it: a replay of a clientKey is
      // answered (200) whatever the count, and a submit counts once per variation (create-video-request.server.ts).
      c.header('Retry-After', '60');
      return apiError(
        c,
        429,
        'rate_limited',
        'Muitas solicitações em pouco tempo. Aguarde um minuto e tente de novo.',
      );
    case 'unavailable':
      c.header('Retry-After', '300');
      return apiError(c, 503, 'video_unavailable', VIDEO_UNAVAILABLE_MESSAGE);
  }
}

/** An unknown id and another user's answer alike. */
const notFound = (c: Context<AppEnv>) => apiError(c, 404, 'not_found', 'Solicitação não encontrada');

/** A cast member's image, read back to be stored as the request's own copy. */
async function castImage(storage: BlobStorage, key: string): Promise<UploadedImage> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.getStream(key)) chunks.push(Buffer.from(chunk));
  const bytes = Buffer.concat(chunks);
  return { bytes, type: contentTypeOf(key), name: key.split('/').pop() ?? 'elenco' };
}

export function videosRoutes({
  pool,
  queue,
  storage,
  guards,
  mediaUrlTtlSeconds,
  capabilities,
  createPerMinute = DEFAULT_CREATE_PER_MINUTE,
  modes,
  writePrompt = RULES_WRITER,
}: VideosRoutesOptions): Hono<AppEnv> {
  const queuePlaces = (rows: readonly { id: string; quality: VideoQuality; status: string }[]) =>
    queue.places(pool, rows);
  const view = async (record: VideoRequestRecord) =>
    toVideoRequestView(record, storage, {
      ttlSeconds: mediaUrlTtlSeconds,
      capabilities,
      queuePlaces: await queuePlaces([record]),
      takeChecks: await takeChecksOf(pool, [record.id]),
    });

  const groupView = async ({
    request,
    group,
  }: {
    request: VideoRequestRecord;
    group: VideoRequestRecord[];
  }) => {
    const places = await queuePlaces(group);
    const options = { ttlSeconds: mediaUrlTtlSeconds, capabilities, queuePlaces: places };
    return {
      request: await toVideoRequestView(request, storage, options),
      group: await Promise.all(group.map((member) => toVideoRequestView(member, storage, options))),
    };
  };

  // Extensions and edits (src/shared/video-directing.ts, ADR 0011): JSON, idempotent by clientKey like create.
  const derive = async (
    c: Context<AppEnv>,
    id: string,
    derivation: 'extend' | 'edit',
    clientKey: string,
    text: string,
  ) => {
    if (!UUID.test(id)) return notFound(c);
    const result = await createDerivedVideoRequest(
      {
        pool,
        perMinuteLimit: createPerMinute,
        isModeAvailable: (quality) => modes.isAvailable(quality),
        capabilities,
      },
      { userId: sessionOf(c).user.id, sourceId: id, clientKey, derivation, text },
    );
    switch (result.kind) {
      case 'created':
        return c.json({ request: await view(result.request) }, 201);
      case 'existing':
        return c.json({ request: await view(result.request) }, 200);
      case 'not_found':
        return notFound(c);
      case 'refused':
        return apiError(c, 409, 'cannot_derive', result.reason);
      default:
        return refusalAnswer(c, result, 1);
    }
  };

  return routesFromContract(
    videosContract,
    { base: '/api/videos', guards },
    {
      // The history (docs/history-contract.md), with the query its declaration validates.
      listVideos: historyListHandler({ pool, storage, mediaUrlTtlSeconds, queuePlaces }),
      exportVideosCsv: historyExportHandler({ pool }),

      createVideo: {
        before: [
          multipartBodyLimit(
            MAX_BODY_BYTES,
            `Envio grande demais. A imagem pode ter até ${referenceImageMaxMegabytes()}MB.`,
          ),
        ],
        handle: async (c) => {
          const userId = sessionOf(c).user.id;
          const body = await readMultipart(c);
          if (!body.ok) return body.response;
          const { form } = body;

          const { fields, errors } = textFields(form, IMAGE_FIELDS, REPEATABLE_FIELDS);
          // The prompt the user saw in 'Ver prompt estruturado' (and may have edited): a JSON text, checked here.
          const { structuredPrompt: rawStructured, ...formFields } = fields;
          let structuredPrompt: ReturnType<typeof editedStructuredPromptSchema.parse> | undefined;
          if (typeof rawStructured === 'string' && rawStructured.trim() !== '') {
            const decoded = decodeJson(rawStructured);
            const checked = decoded.ok ? editedStructuredPromptSchema.safeParse(decoded.value) : undefined;
            if (checked?.success) structuredPrompt = checked.data;
            else errors.structuredPrompt = INVALID_STRUCTURED_PROMPT;
          }
          const parsed = createVideoRequestSchema.safeParse(formFields, { error: fieldMessages });
          // The form's own errors (a repeated field, a bad character) say more than the schema's 'required'.
          if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error), { ...errors });

          const single = async (name: 'image' | 'lastFrame') => {
            const raw = form[name];
            if (raw === undefined) return undefined;
            if (Array.isArray(raw)) {
              errors[name] = REFERENCE_IMAGE_WRONG_TYPE;
              return undefined;
            }
            const image = await readImage(raw);
            if (image && 'problem' in image) errors[name] = image.problem;
            else return image;
            return undefined;
          };
          const firstFrame = await single('image');
          const lastFrame = await single('lastFrame');
          const rawReferences = form.referenceImages;
          const referenceParts = rawReferences === undefined ? [] : [rawReferences].flat();
          const referenceImages: UploadedImage[] = [];
          if (referenceParts.length > MAX_REFERENCE_IMAGES)
            errors.referenceImages = TOO_MANY_REFERENCE_IMAGES;
          else {
            for (const part of referenceParts) {
              const image = await readImage(part);
              if (image && 'problem' in image) errors.referenceImages ??= image.problem;
              else if (image) referenceImages.push(image);
            }
          }
          if (parsed.success) {
            const problems = directingProblems(
              {
                firstFrame: Boolean(firstFrame) || Boolean(errors.image),
                lastFrame: Boolean(lastFrame),
                referenceImages: referenceImages.length,
              },
              capabilities(parsed.data.quality),
            );
            if (problems.lastFrame) errors.lastFrame ??= problems.lastFrame;
            if (problems.referenceImages) errors.referenceImages ??= problems.referenceImages;
          }
          if (!parsed.success || Object.keys(errors).length > 0) return invalidFields(c, errors);
          const input = parsed.data;
          // The cast is checked before anything is stored or held: another user's member reads as missing.
          const cast = await findCastMembers(pool, userId, input.castIds ?? []);
          if (!cast) return apiError(c, 404, 'cast_not_found', CAST_MESSAGES.notFound);
          const castImages = cast.flatMap((member) => member.imageKeys);
          const fit = castFitProblem(
            castImages.length,
            referenceImages.length,
            capabilities(input.quality).referenceImagesMax,
          );
          if (fit) return apiError(c, 409, 'cast_does_not_fit', fit);

          const stored: string[] = [];
          // `{userId}/{timestamp}-{safe name}`; the other images name their role before the file's name.
          const store = async (image: UploadedImage | undefined, role = '') => {
            if (!image) return null;
            const key = `${userId}/${Date.now()}-${role}${safeFileName(image.name, extensionOf(image.type))}`;
            await storage.put(key, image.bytes, image.type);
            stored.push(key);
            return key;
          };
          const dropImages = async () => {
            for (const key of stored) {
              // Two identical submits in the same millisecond name their image alike: the one a request keeps (the
              // winner of a replay) is not this submit's to delete.
              const kept = await pool.query(
                `SELECT 1 FROM video_requests
             WHERE user_id = $1 AND (reference_image_key = $2 OR last_frame_key = $2 OR $2 = ANY(reference_image_keys))
             LIMIT 1`,
                [userId, key],
              );
              if ((kept.rowCount ?? 0) > 0) continue;
              await storage.delete(key).catch((error: unknown) => {
                c.get('logger').warn({ err: error, key }, 'could not delete an unused image');
              });
            }
          };
          let keys: { first: string | null; last: string | null; references: string[] };
          try {
            const first = await store(firstFrame);
            const last = await store(lastFrame, 'last-frame-');
            const references: string[] = [];
            for (const [index, image] of referenceImages.entries()) {
              references.push((await store(image, `reference-${index + 1}-`)) ?? '');
            }
            // The request keeps its own copies: a member renamed, changed or deleted later leaves it as it was.
            for (const [index, key] of castImages.entries()) {
              references.push((await store(await castImage(storage, key), `cast-${index + 1}-`)) ?? '');
            }
            keys = { first, last, references };
          } catch (error) {
            // Nothing was held or inserted yet: the user can simply try again (spec §8 upload error).
            c.get('logger').error({ err: error }, 'reference image upload failed');
            await dropImages();
            return apiError(c, 503, 'upload_failed', 'Erro ao fazer upload da imagem. Tente novamente.');
          }

          let result: Awaited<ReturnType<typeof createVideoRequest>>;
          try {
            result = await createVideoRequest(
              {
                pool,
                perMinuteLimit: createPerMinute,
                isModeAvailable: (quality) => modes.isAvailable(quality),
              },
              {
                userId,
                clientKey: input.clientKey,
                prompt: input.prompt,
                quality: input.quality,
                aspectRatio: input.aspectRatio,
                seed: input.seed ? Number(input.seed) : null,
                referenceImageKey: keys.first,
                lastFrameKey: keys.last,
                referenceImageKeys: keys.references,
                variations: Number(input.variations ?? 1),
                cast: cast.map(castSnapshot),
                structuredPrompt: structuredPrompt && {
                  ...structuredPrompt,
                  builtBy: STRUCTURED_PROMPT_BY_USER,
                },
              },
            );
          } catch (error) {
            await dropImages();
            throw error;
          }
          switch (result.kind) {
            case 'created':
              return c.json(await groupView(result), 201);
            case 'existing':
              await dropImages();
              return c.json(await groupView(result), 200);
            default:
              await dropImages();
              return refusalAnswer(c, result, Number(input.variations ?? 1));
          }
        },
      },

      // 'Ver prompt estruturado': free and rate-limited per user; the text model, or the rules with a note.
      previewPrompt: async (c, { body }) => {
        const result = await previewPrompt(
          { pool, writePrompt },
          sessionOf(c).user.id,
          body.prompt,
          c.req.raw.signal,
        );
        if (result.kind === 'rate_limited') {
          c.header('Retry-After', String(result.retryAfterSeconds));
          return apiError(c, 429, 'rate_limited', promptPreviewLimitMessage(result.retryAfterSeconds));
        }
        return c.json(result.response);
      },

      // What a request created now would wait, per mode: the create page warns before the user pays.
      estimateQueue: async (c) => c.json(await queue.estimate(pool, sessionOf(c).user.id)),

      // Which modes the create page may offer (a mode whose model Google stopped serving is shown as unavailable).
      getAvailability: (c) => {
        const body: VideoAvailability = {
          modes: modes.modes(),
          directing: {
            fast: directingOffer(capabilities('fast')),
            quality: directingOffer(capabilities('quality')),
          },
        };
        return c.json(body);
      },

      extendVideo: (c, { params, body }) => derive(c, params.id, 'extend', body.clientKey, body.prompt),
      editVideo: (c, { params, body }) => derive(c, params.id, 'edit', body.clientKey, body.instruction),

      // The versions of a video: its original, edits and extensions, as one timeline.
      listVersions: async (c, { params }) => {
        const versions = UUID.test(params.id)
          ? await findVersions(pool, sessionOf(c).user.id, params.id)
          : undefined;
        if (!versions) return notFound(c);
        return c.json({ items: versions });
      },

      getVideo: async (c, { params }) => {
        const record = UUID.test(params.id)
          ? await findVideoRequest(pool, sessionOf(c).user.id, params.id)
          : undefined;
        if (!record) return notFound(c);
        return c.json({ request: await view(record) });
      },
    },
  );
}
