import { z } from 'zod';
import { REFERENCE_IMAGE_MAX_BYTES, referenceImageMaxMegabytes } from './catalogue';

export const REFERENCE_IMAGE_TOO_LARGE = `Imagem muito grande. Máximo ${referenceImageMaxMegabytes()}MB.`;
export const REFERENCE_IMAGE_WRONG_TYPE = 'Use uma imagem JPG, PNG ou WEBP.';

/**
 * One image part of a multipart form, checked where a schema can: a file (not text) within the size limit. Its type
 * comes from its bytes, read beside the schema (src/server/storage/uploaded-image.server.ts and the web's pickers),
 * never from the part's name or header.
 */
export const imageFile = (description: string) =>
  z
    .file(REFERENCE_IMAGE_WRONG_TYPE)
    .max(REFERENCE_IMAGE_MAX_BYTES, REFERENCE_IMAGE_TOO_LARGE)
    .meta({
      description: `${description}: JPG, PNG or WEBP (by its bytes), up to ${referenceImageMaxMegabytes()} MB.`,
    });
