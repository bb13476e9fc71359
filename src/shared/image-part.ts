import { z } from 'zod';
import { referenceImageMaxMegabytes } from './catalogue';

/**
 * One image part of a multipart form, as the OpenAPI document describes it: the server reads the type from the
 * bytes (src/server/storage/uploaded-image.server.ts), never from the part's name or header.
 */
export const imagePart = (description: string) =>
  z.string().meta({
    format: 'binary',
    description: `${description}: JPG, PNG or WEBP (by its bytes), up to ${referenceImageMaxMegabytes()} MB.`,
  });
