import type { Logger } from '#server/logger.server';
import { REFERENCE_IMAGE_WRONG_TYPE } from '#shared/image-part';
import { detectImageType, referenceImageProblem } from '#shared/video-request';
import { type BlobStorage, contentTypeOf, extensionOf, safeFileName } from './blob-storage.server';

/** An image from a multipart form, its type read from its bytes (never its name or the browser's claim). */
export interface UploadedImage {
  bytes: Buffer;
  type: string;
  name: string;
}

/** One image part checked by its bytes (the form's schema has checked it is a file within the size limit). */
export async function readImage(file: File): Promise<UploadedImage | { problem: string }> {
  const bytes = Buffer.from(await file.arrayBuffer());
  const problem = referenceImageProblem(bytes.length, bytes.subarray(0, 16));
  const type = detectImageType(bytes.subarray(0, 16));
  if (problem || !type) return { problem: problem ?? REFERENCE_IMAGE_WRONG_TYPE };
  return { bytes, type, name: file.name };
}

/** A stored image read back, to be stored again as another owner's own copy. */
export async function storedImage(storage: BlobStorage, key: string): Promise<UploadedImage> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.getStream(key)) chunks.push(Buffer.from(chunk));
  return { bytes: Buffer.concat(chunks), type: contentTypeOf(key), name: key.split('/').pop() ?? 'imagem' };
}

/** `{prefix}{safe name}{extension of its real type}`: a key that says whose and which image it is. */
export const imageKey = (prefix: string, image: Pick<UploadedImage, 'name' | 'type'>) =>
  `${prefix}${safeFileName(image.name, extensionOf(image.type))}`;

/** Images stored for a row not written yet: `drop` deletes them when the row is not written after all. */
export interface StagedImages {
  keys: string[];
  drop(): Promise<void>;
}

interface StagingOptions {
  logger: Logger;
  /** A key another row already keeps (the same name stored twice in one millisecond): not this one's to delete. */
  isKept?: (key: string) => Promise<boolean>;
}

/**
 * Stores each image under its key, in order. When one cannot be stored, those stored are deleted and the answer is
 * undefined: nothing was written yet, so the user can simply try again (spec §8 upload error).
 */
export async function stageImages(
  storage: BlobStorage,
  images: readonly { key: string; image: UploadedImage | (() => Promise<UploadedImage>) }[],
  { logger, isKept = async () => false }: StagingOptions,
): Promise<StagedImages | undefined> {
  const keys: string[] = [];
  const drop = async () => {
    for (const key of keys) {
      if (await isKept(key)) continue;
      await storage.delete(key).catch((error: unknown) => {
        logger.warn({ err: error, key }, 'could not delete an unused image');
      });
    }
  };
  try {
    for (const { key, image } of images) {
      const { bytes, type } = typeof image === 'function' ? await image() : image;
      await storage.put(key, bytes, type);
      keys.push(key);
    }
  } catch (error) {
    logger.error({ err: error }, 'image upload failed');
    await drop();
    return undefined;
  }
  return { keys, drop };
}
