import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { mediaToolchainFromEnv } from '../../src/server/media/toolchain.server';

/**
 * A local stand-in for the Gemini API's Veo endpoints, speaking the documented REST protocol:
 * `POST /v1beta/models/{model}:predictLongRunning` → `{ name }`, `GET /v1beta/{name}` → the operation,
 * `GET /v1beta/files/{id}:download?alt=media` → 302 to the file. Outcomes are scripted by a marker in the prompt:
 * `[block]` (safety filter), `[error]` (operation error), `[429]` (two 429s on submit, then success), `[never]`
 * (never done), `[503]` (two 503s on each poll), `[badfile]` (downloads a broken file); anything else succeeds.
 * The videos are tiny real MP4s (8 s, with audio) so the rendering step runs real ffmpeg quickly.
 */

const run = promisify(execFile);

export const API_KEY = 'fake-veo-key';

interface Operation {
  id: string;
  model: string;
  prompt: string;
  aspectRatio: string;
  polls: number;
  outcome: 'success' | 'block' | 'error' | 'never' | 'badfile';
}

export interface FakeVeo {
  /** e.g. http://127.0.0.1:1234/v1beta — pass as VEO_API_BASE. */
  base: string;
  /** Submit requests accepted (2xx), by prompt. */
  submits: Map<string, number>;
  submitBodies: unknown[];
  polls: number;
  downloads: number;
  /** Polls an operation needs before it is done (default 2). */
  pollsUntilDone: number;
  /** Operation name → when (epoch ms, sub-ms precision) a poll first answered it `done`. */
  doneAt: Map<string, number>;
  /** Operation name → when (epoch ms) its file download (`…:download`) was first asked for. */
  downloadAt: Map<string, number>;
  stop(): Promise<void>;
}

async function makeVideo(file: string, size: string): Promise<void> {
  await run((await mediaToolchainFromEnv()).ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=s=${size}:r=8:d=8`, '-f', 'lavfi', '-i', 'sine=f=440:d=8'],
    ...['-t', '8', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '32k', file],
  ]);
}

function outcomeOf(prompt: string): Operation['outcome'] {
  if (prompt.includes('[block]')) return 'block';
  if (prompt.includes('[error]')) return 'error';
  if (prompt.includes('[never]')) return 'never';
  if (prompt.includes('[badfile]')) return 'badfile';
  return 'success';
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface FakeVeoOptions {
  /** An MP4 served for every successful operation, whatever its aspect ratio, instead of the tiny ones. */
  video?: string;
}

/** Epoch milliseconds with sub-millisecond precision (the timestamps of `doneAt` and `downloadAt`). */
export const preciseNow = () => performance.timeOrigin + performance.now();

export async function startFakeVeo(options: FakeVeoOptions = {}): Promise<FakeVeo> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fake-veo-'));
  let files: { landscape: Buffer; portrait: Buffer };
  if (options.video) {
    const video = await readFile(options.video);
    files = { landscape: video, portrait: video };
  } else {
    const landscape = path.join(dir, 'landscape.mp4');
    const portrait = path.join(dir, 'portrait.mp4');
    await Promise.all([makeVideo(landscape, '192x108'), makeVideo(portrait, '108x192')]);
    files = { landscape: await readFile(landscape), portrait: await readFile(portrait) };
  }

  const operations = new Map<string, Operation>();
  const rateLimited = new Map<string, number>();
  const unavailable = new Map<string, number>();
  let base = '';

  const state: FakeVeo = {
    base: '',
    submits: new Map(),
    submitBodies: [],
    polls: 0,
    downloads: 0,
    pollsUntilDone: 2,
    doneAt: new Map(),
    downloadAt: new Map(),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.startsWith('/storage/')) {
        // The redirect target: a "signed" storage URL that needs no key, like Google's.
        state.downloads += 1;
        const id = url.pathname.slice('/storage/'.length);
        const operation = operations.get(id);
        if (!operation) return json(response, 404, { error: { code: 404, message: 'no file' } });
        const body =
          operation.outcome === 'badfile'
            ? Buffer.from('not a video')
            : operation.aspectRatio === '9:16'
              ? files.portrait
              : files.landscape;
        response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': body.length });
        response.end(body);
        return;
      }
      if (request.headers['x-goog-api-key'] !== API_KEY) {
        return json(response, 403, {
          error: { code: 403, message: 'API key not valid', status: 'PERMISSION_DENIED' },
        });
      }
      const submit = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(url.pathname);
      if (submit && request.method === 'POST') {
        const body = JSON.parse(await readBody(request)) as {
          instances: { prompt: string }[];
          parameters: { aspectRatio: string };
        };
        const prompt = body.instances[0]?.prompt ?? '';
        if (prompt.includes('[429]')) {
          const seen = rateLimited.get(prompt) ?? 0;
          rateLimited.set(prompt, seen + 1);
          if (seen < 2) {
            return json(response, 429, {
              error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' },
            });
          }
        }
        state.submitBodies.push(body);
        state.submits.set(prompt, (state.submits.get(prompt) ?? 0) + 1);
        const id = randomUUID().replaceAll('-', '').slice(0, 12);
        operations.set(id, {
          id,
          model: submit[1] ?? '',
          prompt,
          aspectRatio: body.parameters.aspectRatio,
          polls: 0,
          outcome: outcomeOf(prompt),
        });
        return json(response, 200, { name: `models/${submit[1]}/operations/${id}` });
      }
      const poll = /^\/v1beta\/models\/([^/]+)\/operations\/([^/]+)$/.exec(url.pathname);
      if (poll && request.method === 'GET') {
        state.polls += 1;
        const operation = operations.get(poll[2] ?? '');
        if (!operation) return json(response, 404, { error: { code: 404, message: 'not found' } });
        if (operation.prompt.includes('[503]')) {
          const seen = unavailable.get(operation.id) ?? 0;
          unavailable.set(operation.id, seen + 1);
          if (seen % 3 < 2) return json(response, 503, { error: { code: 503, message: 'unavailable' } });
        }
        operation.polls += 1;
        const name = `models/${operation.model}/operations/${operation.id}`;
        if (operation.outcome === 'never' || operation.polls < state.pollsUntilDone) {
          return json(response, 200, { name, metadata: {} });
        }
        if (!state.doneAt.has(name)) state.doneAt.set(name, preciseNow());
        if (operation.outcome === 'error') {
          return json(response, 200, {
            name,
            done: true,
            error: { code: 13, message: 'Internal error generating video' },
          });
        }
        if (operation.outcome === 'block') {
          return json(response, 200, {
            name,
            done: true,
            response: {
              '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
              generateVideoResponse: {
                raiMediaFilteredCount: 1,
                raiMediaFilteredReasons: ['The prompt could not be submitted: it may violate our policies.'],
              },
            },
          });
        }
        return json(response, 200, {
          name,
          done: true,
          response: {
            '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
            generateVideoResponse: {
              generatedSamples: [{ video: { uri: `${base}/files/${operation.id}:download?alt=media` } }],
            },
          },
        });
      }
      const download = /^\/v1beta\/files\/([^/:]+):download$/.exec(url.pathname);
      if (download && request.method === 'GET') {
        const operation = operations.get(download[1] ?? '');
        const name = operation && `models/${operation.model}/operations/${operation.id}`;
        if (name && !state.downloadAt.has(name)) state.downloadAt.set(name, preciseNow());
        response.writeHead(302, {
          location: `http://127.0.0.1:${(server.address() as AddressInfo).port}/storage/${download[1]}`,
        });
        response.end();
        return;
      }
      json(response, 404, { error: { code: 404, message: `no route ${request.method} ${url.pathname}` } });
    })().catch((error: Error) => {
      if (!response.headersSent) json(response, 500, { error: { code: 500, message: error.message } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1beta`;
  state.base = base;
  return state;
}

/**
 * A request as the create endpoint leaves it: the hold placed and the row inserted as `pending` (what the
 * pipeline starts from). `createdAt` in the past lets a test reach the timeout without waiting for it.
 */
export async function seedVideoRequest(
  pool: import('pg').Pool,
  args: {
    userId: string;
    prompt: string;
    quality?: 'fast' | 'quality';
    aspectRatio?: '16:9' | '9:16' | '1:1' | '4:3';
    createdAt?: Date;
  },
): Promise<{ id: string; holdId: string; cost: number }> {
  const { hold } = await import('../../src/server/credits/credits-ledger.server');
  const { VIDEO_COST_CREDITS } = await import('../../src/shared/catalogue');
  const id = randomUUID();
  const quality = args.quality ?? 'fast';
  const cost = VIDEO_COST_CREDITS[quality];
  const held = await hold(pool, { userId: args.userId, amount: cost, reference: `video:${id}` });
  if (!held.ok) throw new Error('test user has too few credits');
  await pool.query(
    `INSERT INTO video_requests
       (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, hold_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $9)`,
    [
      id,
      args.userId,
      randomUUID(),
      args.prompt,
      quality,
      args.aspectRatio ?? '16:9',
      cost,
      held.hold.id,
      args.createdAt ?? new Date(),
    ],
  );
  return { id, holdId: held.hold.id, cost };
}
