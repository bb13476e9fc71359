import type { FieldErrors } from '#server/kernel/form-errors.server';
import type { Logger } from '#server/logger.server';
import type { BlobStorage } from '#server/storage/blob-storage.server';
import { imageKey, readImage, stageImages, type UploadedImage } from '#server/storage/uploaded-image.server';
import type { CreateCastForm } from '#shared/cast';
import { type CastMemberRecord, insertCastMember } from './cast-members.server';

/**
 * Saving a cast member once its form is read (src/shared/cast.ts): each image judged by its bytes, stored under
 * `{userId}/cast/{timestamp}-{n}-{safe name}`, then the member inserted; images of a member not saved are deleted.
 */

type CreateCastMemberOutcome =
  | { kind: 'saved'; member: CastMemberRecord }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'full' }
  | { kind: 'upload_failed' };

async function readImages(files: readonly File[]): Promise<UploadedImage[] | { problem: string }> {
  const images: UploadedImage[] = [];
  for (const file of files) {
    const image = await readImage(file);
    if ('problem' in image) return image;
    images.push(image);
  }
  return images;
}

export async function createCastMember(
  { pool, storage }: { pool: Parameters<typeof insertCastMember>[0]; storage: BlobStorage },
  userId: string,
  form: CreateCastForm,
  logger: Logger,
  now: Date = new Date(),
): Promise<CreateCastMemberOutcome> {
  const images = await readImages(form.images);
  if ('problem' in images) return { kind: 'invalid', errors: { images: images.problem } };
  const named = images.map((image, index) => ({
    key: imageKey(`${userId}/cast/${Date.now()}-${index + 1}-`, image),
    image,
  }));
  const staged = await stageImages(storage, named, { logger });
  if (!staged) return { kind: 'upload_failed' };
  let saved: CastMemberRecord | 'full';
  try {
    saved = await insertCastMember(
      pool,
      {
        userId,
        name: form.name,
        kind: form.kind,
        description: form.description || null,
        imageKeys: staged.keys,
        // The consent statement is kept for characters only, dated now (LGPD art. 11 and art. 8 §2: the
        // controller proves consent).
        likenessConsentAt: form.kind === 'character' ? now : null,
      },
      now,
    );
  } catch (error) {
    await staged.drop();
    throw error;
  }
  if (saved !== 'full') return { kind: 'saved', member: saved };
  await staged.drop();
  return { kind: 'full' };
}
