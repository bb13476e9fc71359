import {
  detectImageType,
  REFERENCE_IMAGE_WRONG_TYPE,
  referenceImageProblem,
} from '../../shared/video-request';

/** An image from a multipart form, its type read from its bytes (never its name or the browser's claim). */
export interface UploadedImage {
  bytes: Buffer;
  type: string;
  name: string;
}

/** One image part checked by its bytes: undefined for the empty part browsers send when no file was chosen. */
export async function readImage(
  value: string | File,
): Promise<UploadedImage | undefined | { problem: string }> {
  if (typeof value === 'string') return { problem: REFERENCE_IMAGE_WRONG_TYPE };
  if (value.size === 0 && value.name === '') return undefined;
  const bytes = Buffer.from(await value.arrayBuffer());
  const problem = referenceImageProblem(bytes.length, bytes.subarray(0, 16));
  const type = detectImageType(bytes.subarray(0, 16));
  if (problem || !type) return { problem: problem ?? REFERENCE_IMAGE_WRONG_TYPE };
  return { bytes, type, name: value.name };
}
