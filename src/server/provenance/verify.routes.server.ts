import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Context } from 'hono';
import { type AppEnv, apiError, payloadTooLarge } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { VERIFY_MAX_BYTES, VERIFY_MESSAGES, type VerifyResult } from '#shared/provenance';
import { provenanceContract } from '#shared/provenance.contract';
import { boundaryOf, readUpload } from './multipart-upload.server';

interface VerifyRoutesOptions {
  guards: Guards;
  /** The room's reader (provenance.server.ts `ContentCredentials.read`). */
  credentials: { read(file: string): Promise<VerifyResult> };
  /** APP_URL: a pasted link is Cena's when it names this origin. */
  appUrl: string;
  /** The stored video behind an active share slug (the share room's), or undefined. */
  sharedVideo(slug: string): Promise<Readable | undefined>;
}

/** Multipart framing and the link field around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** ISO BMFF (MP4, MOV): the first box is `ftyp` (ISO/IEC 14496-12 §4.3). */
async function isMp4(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    return bytesRead === 8 && head.toString('latin1', 4, 8) === 'ftyp';
  } finally {
    await handle.close();
  }
}

/** The slug of a Cena share link: `https://<APP_URL's host>/v/{slug}` or `/v/{slug}`. */
function slugOfLink(link: string, appUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link.trim(), appUrl);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(appUrl).origin) return undefined;
  return /^\/v\/([A-Za-z0-9_-]{1,64})\/?$/.exec(url.pathname)?.[1];
}

const refuse = (c: Context<AppEnv>, status: 400 | 404 | 415, code: string, message: string) =>
  apiError(c, status, code, message);

async function verifyUpload(
  c: Context<AppEnv>,
  options: VerifyRoutesOptions,
  dir: string,
): Promise<Response> {
  const boundary = boundaryOf(c.req.header('content-type'));
  const body = c.req.raw.body;
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '') || !boundary || !body)
    return refuse(c, 415, 'unsupported_media_type', 'Envie o formulário como multipart/form-data.');
  const tooLarge = () => {
    const response = payloadTooLarge(c, VERIFY_MESSAGES.tooLarge);
    // The rest of the body is not read: the connection closes after the answer (kernel/body-limit.server.ts).
    response.headers.set('Connection', 'close');
    return response;
  };
  if (Number(c.req.header('content-length') ?? 0) > VERIFY_MAX_BYTES + FORM_OVERHEAD_BYTES) return tooLarge();
  const file = path.join(dir, 'video.mp4');
  const read = await readUpload(body, {
    boundary,
    filePath: file,
    maxFileBytes: VERIFY_MAX_BYTES,
    textFields: ['link'],
  });
  if (read.kind === 'too_large') return tooLarge();
  if (read.kind === 'malformed') return refuse(c, 400, 'invalid_request', 'Formulário inválido.');
  if (read.kind === 'unknown_field') return refuse(c, 400, 'invalid_request', 'Campo não permitido.');
  const link = read.fields.link?.trim();
  if (read.fileBytes > 0 && link) return refuse(c, 400, 'invalid_request', VERIFY_MESSAGES.both);
  if (read.fileBytes > 0) {
    if (!(await isMp4(file))) return refuse(c, 415, 'unsupported_media_type', VERIFY_MESSAGES.notMp4);
    return c.json(await options.credentials.read(file), 200);
  }
  if (!link) return refuse(c, 400, 'invalid_request', VERIFY_MESSAGES.nothing);
  const slug = slugOfLink(link, options.appUrl);
  if (!slug) return refuse(c, 400, 'not_cena_link', VERIFY_MESSAGES.notCenaLink);
  const video = await options.sharedVideo(slug);
  if (!video) return refuse(c, 404, 'not_found', VERIFY_MESSAGES.linkGone);
  await pipeline(video, createWriteStream(file));
  return c.json((await options.credentials.read(file)) satisfies VerifyResult, 200);
}

/**
 * `POST /api/verify` (src/shared/provenance.contract.ts): a video uploaded (streamed to a temporary file, at most
 * VERIFY_MAX_BYTES) or the one behind a Cena share link, read and validated by c2pa-rs. Public, like the page.
 */
export function verifyRoutes(options: VerifyRoutesOptions) {
  return routesFromContract(
    provenanceContract,
    { base: '/api/verify', guards: options.guards },
    {
      verifyVideo: async (c) => {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'cena-verify-'));
        try {
          return await verifyUpload(c, options, dir);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    },
  );
}
