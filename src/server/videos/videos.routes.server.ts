import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import { referenceImageMaxMegabytes, type VideoQuality } from '../../shared/catalogue';
import {
  createVideoRequestSchema,
  detectImageType,
  REFERENCE_IMAGE_WRONG_TYPE,
  referenceImageProblem,
  VIDEO_UNAVAILABLE_MESSAGE,
  type VideoModeAvailability,
} from '../../shared/video-request';
import { historyExportHandler, historyListHandler } from '../history/history.routes.server';
import { type AppEnv, apiError } from '../kernel/errors.server';
import { rejectQueryParameters } from '../kernel/request-validation.server';
import { sessionOf } from '../kernel/session.server';
import { type BlobStorage, extensionOf, safeFileName } from '../storage/blob-storage.server';
import { createVideoRequest } from './create-video-request.server';
import { findVideoRequest, toVideoRequestView } from './video-view.server';

/**
 * `/api/videos` (docs/video-contract.md): create (multipart, idempotent by clientKey) and read one request.
 * Everything the form checks is checked again here; the image's type comes from its bytes, never its name.
 */

/** The reference image (REFERENCE_IMAGE_MAX_BYTES) plus the text fields and multipart framing; larger bodies are cut off while streaming. */
const MAX_BODY_BYTES = 6 * 1024 * 1024;
export const DEFAULT_CREATE_PER_MINUTE = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type FieldErrors = Record<string, string>;

function invalid(c: Context<AppEnv>, fields: FieldErrors) {
  const message = Object.values(fields)[0] ?? 'Dados inválidos.';
  return c.json({ error: { code: 'invalid_request', message, requestId: c.get('requestId'), fields } }, 400);
}

/** Messages for what the shared schema does not word itself (missing fields, unknown fields, wrong kinds). */
const fieldMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Campo obrigatório.';
  return 'Valor inválido.';
};

function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= 'Campo não permitido.';
      continue;
    }
    const name = String(issue.path[0] ?? 'form');
    fields[name] ??= issue.message;
  }
  return fields;
}

export interface VideosRoutesOptions {
  pool: pg.Pool;
  boss: PgBoss;
  storage: BlobStorage;
  requireSession: MiddlewareHandler<AppEnv>;
  mediaUrlTtlSeconds: number;
  createPerMinute?: number;
  /** The periodic model check: which modes may be created now. */
  modes: { isAvailable(quality: VideoQuality): boolean; modes(): VideoModeAvailability };
}

export function videosRoutes({
  pool,
  boss,
  storage,
  requireSession,
  mediaUrlTtlSeconds,
  createPerMinute = DEFAULT_CREATE_PER_MINUTE,
  modes,
}: VideosRoutesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const view = (record: Parameters<typeof toVideoRequestView>[0]) =>
    toVideoRequestView(record, storage, { ttlSeconds: mediaUrlTtlSeconds });

  app.use('*', requireSession);

  // The history (docs/history-contract.md): its own query parameters, validated by the shared schema.
  app.get('/', historyListHandler({ pool, storage, mediaUrlTtlSeconds }));
  app.get('/export.csv', historyExportHandler({ pool }));

  app.post(
    '/',
    rejectQueryParameters,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        apiError(
          c,
          413,
          'payload_too_large',
          `Envio grande demais. A imagem pode ter até ${referenceImageMaxMegabytes()}MB.`,
        ),
    }),
    async (c) => {
      const userId = sessionOf(c).user.id;
      if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
        return apiError(c, 415, 'unsupported_media_type', 'Envie o formulário como multipart/form-data.');
      }
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        return apiError(c, 400, 'invalid_request', 'Formulário inválido.');
      }

      const fields: Record<string, unknown> = {};
      const errors: FieldErrors = {};
      for (const [name, value] of Object.entries(form)) {
        if (name === 'image') continue;
        if (Array.isArray(value)) errors[name] = 'Envie este campo uma única vez.';
        else if (typeof value !== 'string') errors[name] = 'Valor inválido.';
        // U+0000 cannot be stored in PostgreSQL text: refused here, like any other bad field.
        else if (value.includes('\u0000')) errors[name] = 'O texto contém um caractere inválido.';
        else fields[name] = value;
      }
      const parsed = createVideoRequestSchema.safeParse(fields, { error: fieldMessages });
      // The form's own errors (a repeated field, a bad character) say more than the schema's 'required'.
      if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error), { ...errors });

      // Browsers send an empty file part when no file was chosen: that is "no image".
      const rawImage = form.image;
      let image: { bytes: Buffer; type: string; name: string } | undefined;
      if (Array.isArray(rawImage) || typeof rawImage === 'string') {
        errors.image = REFERENCE_IMAGE_WRONG_TYPE;
      } else if (rawImage && (rawImage.size > 0 || rawImage.name !== '')) {
        const bytes = Buffer.from(await rawImage.arrayBuffer());
        const problem = referenceImageProblem(bytes.length, bytes.subarray(0, 16));
        const type = detectImageType(bytes.subarray(0, 16));
        if (problem || !type) errors.image = problem ?? REFERENCE_IMAGE_WRONG_TYPE;
        else image = { bytes, type, name: rawImage.name };
      }
      if (!parsed.success || Object.keys(errors).length > 0) return invalid(c, errors);
      const input = parsed.data;

      let referenceImageKey: string | null = null;
      if (image) {
        referenceImageKey = `${userId}/${Date.now()}-${safeFileName(image.name, extensionOf(image.type))}`;
        try {
          await storage.put(referenceImageKey, image.bytes, image.type);
        } catch (error) {
          // Nothing was held or inserted yet: the user can simply try again (spec §8 upload error).
          c.get('logger').error({ err: error, key: referenceImageKey }, 'reference image upload failed');
          return apiError(c, 503, 'upload_failed', 'Erro ao fazer upload da imagem. Tente novamente.');
        }
      }
      const dropImage = async () => {
        if (!referenceImageKey) return;
        await storage.delete(referenceImageKey).catch((error: unknown) => {
          c.get('logger').warn({ err: error, key: referenceImageKey }, 'could not delete an unused image');
        });
      };

      let result: Awaited<ReturnType<typeof createVideoRequest>>;
      try {
        result = await createVideoRequest(
          {
            pool,
            boss,
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
            referenceImageKey,
          },
        );
      } catch (error) {
        await dropImage();
        throw error;
      }
      switch (result.kind) {
        case 'created':
          return c.json({ request: await view(result.request) }, 201);
        case 'existing':
          await dropImage();
          return c.json({ request: await view(result.request) }, 200);
        case 'insufficient_credits':
          await dropImage();
          return apiError(c, 402, 'insufficient_credits', 'Créditos insuficientes para este vídeo.');
        case 'rate_limited':
          await dropImage();
          c.header('Retry-After', '60');
          return apiError(
            c,
            429,
            'rate_limited',
            'Muitas solicitações em pouco tempo. Aguarde um minuto e tente de novo.',
          );
        case 'unavailable':
          await dropImage();
          c.header('Retry-After', '300');
          return apiError(c, 503, 'video_unavailable', VIDEO_UNAVAILABLE_MESSAGE);
      }
    },
  );

  // Which modes the create page may offer (a mode whose model Google stopped serving is shown as unavailable).
  app.get('/availability', rejectQueryParameters, (c) => c.json({ modes: modes.modes() }));

  app.get('/:id', rejectQueryParameters, async (c) => {
    const id = c.req.param('id');
    const record = UUID.test(id) ? await findVideoRequest(pool, sessionOf(c).user.id, id) : undefined;
    if (!record) return apiError(c, 404, 'not_found', 'Solicitação não encontrada');
    return c.json({ request: await view(record) });
  });

  return app;
}
