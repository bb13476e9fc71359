import type { Context, Hono } from 'hono';
import type pg from 'pg';
import { CAST_IMAGES_MAX, CAST_IMAGES_MIN, CAST_MESSAGES, createCastMemberSchema } from '../../shared/cast';
import { castContract } from '../../shared/cast.contract';
import { REFERENCE_IMAGE_MAX_BYTES, referenceImageMaxMegabytes } from '../../shared/catalogue';
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
import { sessionOf } from '../kernel/session.server';
import { type BlobStorage, extensionOf, safeFileName } from '../storage/blob-storage.server';
import { readImage, type UploadedImage } from '../storage/uploaded-image.server';
import {
  deleteCastMember,
  insertCastMember,
  listCastMembers,
  toCastMemberView,
  updateCastMember,
} from './cast.server';

/**
 * `/api/cast` (src/shared/cast.contract.ts, docs/video-contract.md Elenco): save (multipart, 1–3 images checked by
 * their bytes), list, rename and delete a user's characters, products and styles.
 */

const MAX_BODY_BYTES = CAST_IMAGES_MAX * REFERENCE_IMAGE_MAX_BYTES + 1024 * 1024;
const IMAGE_FIELDS = new Set(['images']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CastRoutesOptions {
  pool: pg.Pool;
  storage: BlobStorage;
  guards: Guards;
  mediaUrlTtlSeconds: number;
}

export function castRoutes({ pool, storage, guards, mediaUrlTtlSeconds }: CastRoutesOptions): Hono<AppEnv> {
  const notFound = (c: Context<AppEnv>) => apiError(c, 404, 'not_found', CAST_MESSAGES.notFound);

  return routesFromContract(
    castContract,
    { base: '/api/cast', guards },
    {
      listCast: async (c) => {
        const members = await listCastMembers(pool, sessionOf(c).user.id);
        const items = await Promise.all(
          members.map((member) => toCastMemberView(member, storage, mediaUrlTtlSeconds)),
        );
        return c.json({ items });
      },

      createCastMember: {
        before: [
          multipartBodyLimit(
            MAX_BODY_BYTES,
            `Envio grande demais. Cada imagem pode ter até ${referenceImageMaxMegabytes()}MB.`,
          ),
        ],
        handle: async (c) => {
          const userId = sessionOf(c).user.id;
          const body = await readMultipart(c);
          if (!body.ok) return body.response;
          const { form } = body;
          const { fields, errors } = textFields(form, IMAGE_FIELDS);
          const parsed = createCastMemberSchema.safeParse(fields, { error: fieldMessages });
          if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error), { ...errors });

          const parts = form.images === undefined ? [] : [form.images].flat();
          const images: UploadedImage[] = [];
          for (const part of parts) {
            const image = await readImage(part);
            if (image && 'problem' in image) errors.images ??= image.problem;
            else if (image) images.push(image);
          }
          if (!errors.images && (images.length < CAST_IMAGES_MIN || images.length > CAST_IMAGES_MAX)) {
            errors.images = CAST_MESSAGES.imagesCount;
          }
          if (!parsed.success || Object.keys(errors).length > 0) return invalidFields(c, errors);
          const input = parsed.data;

          const keys: string[] = [];
          const dropImages = async () => {
            for (const key of keys) {
              await storage.delete(key).catch((error: unknown) => {
                c.get('logger').warn({ err: error, key }, 'could not delete an unused cast image');
              });
            }
          };
          try {
            for (const [index, image] of images.entries()) {
              const key = `${userId}/cast/${Date.now()}-${index + 1}-${safeFileName(image.name, extensionOf(image.type))}`;
              await storage.put(key, image.bytes, image.type);
              keys.push(key);
            }
          } catch (error) {
            c.get('logger').error({ err: error }, 'cast image upload failed');
            await dropImages();
            return apiError(c, 503, 'upload_failed', 'Erro ao fazer upload da imagem. Tente novamente.');
          }
          const now = new Date();
          let saved: Awaited<ReturnType<typeof insertCastMember>>;
          try {
            saved = await insertCastMember(
              pool,
              {
                userId,
                name: input.name,
                kind: input.kind,
                description: input.description || null,
                imageKeys: keys,
                // The consent statement is kept for characters only, dated now (LGPD art. 11 and art. 8 §2: the
                // controller proves consent).
                likenessConsentAt: input.kind === 'character' ? now : null,
              },
              now,
            );
          } catch (error) {
            await dropImages();
            throw error;
          }
          if (saved === 'full') {
            await dropImages();
            return apiError(c, 409, 'cast_full', CAST_MESSAGES.full);
          }
          return c.json({ member: await toCastMemberView(saved, storage, mediaUrlTtlSeconds) }, 201);
        },
      },

      updateCastMember: async (c, { params, body }) => {
        if (!UUID.test(params.id)) return notFound(c);
        const updated = await updateCastMember(pool, sessionOf(c).user.id, params.id, body);
        if (!updated) return notFound(c);
        return c.json({ member: await toCastMemberView(updated, storage, mediaUrlTtlSeconds) });
      },

      deleteCastMember: async (c, { params }) => {
        if (!UUID.test(params.id)) return notFound(c);
        const deleted = await deleteCastMember(pool, storage, sessionOf(c).user.id, params.id);
        if (!deleted) return notFound(c);
        return c.json({ deleted: true });
      },
    },
  );
}
