/**
 * `npm run bench:pipeline`: the video pipeline's figures (docs/video-contract.md), on a throw-away embedded PostgreSQL
 * with the real server running in this process (tests/support/app.ts) and the fake Gemini API.
 *
 * 1. Create throughput: 16 concurrent clients POST /api/videos for ~10 s, each through its own signed-in users
 *    (real sign-up + verification, 100,000 credits granted). The per-user limit of 10 creates a minute is NOT
 *    raised: each client moves to its next user after 10 creates, so no call is rate limited. The fake Gemini API never
 *    finishes these (`[never]`), so the workers only submit and wait: the figure is about the create path.
 * 2. Completion latency: 20 Fast 16:9 requests that the fake Gemini API finishes (on the first poll) with a real 8 s 1080p
 *    MP4 with audio. Latency = the first `done` answer of the fake Gemini API → the `video_request` `completed` event read
 *    on the user's `GET /api/events` stream. Rendering = the download's start (fake Gemini API) → `completed_at` (the
 *    completing transaction's start). Target: p99(latency − rendering) ≤ 1000 ms.
 * 3. Rendering step alone: renderResult() on that file from disk into disk storage, 16:9 (store, thumbnail, probe)
 *    and 1:1 (plus the reframe), median of a few runs.
 *
 * 4. Local mode: extending a 60 s video by one part.
 * 5. Appending a new shot to a film (a continuation past the model's extension limit, film.server.ts) of 8 s, 60 s
 *    and 240 s: the join's time must not grow with the film's length (only the new shot and the film's last GOP are
 *    encoded; the rest is copied). Target: the 240 s join ≤ 1.5 × the 8 s join + 500 ms (file copying).
 *    `npm run bench:pipeline -- --append-only` runs this part alone.
 *
 * Everything (servers, PostgreSQL, temp dirs) is cleaned up even on failure; exits 1 if the bench cannot run.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { parseAdminArgs, runAdminCommand } from '../src/server/admin/admin-commands.server';
import {
  type EmbeddedPostgresHandle,
  startEmbeddedPostgres,
} from '../src/server/db/embedded-postgres.server';
import { createLogger } from '../src/server/logger.server';
import { mediaToolchainFromEnv } from '../src/server/media-toolchain/toolchain.server';
import { appendShot, FILM_TAG } from '../src/server/videos/pipeline/film.server';
import { LocalVideoProvider } from '../src/server/videos/pipeline/providers/local-preview-provider.server';
import { probe, renderResult } from '../src/server/videos/pipeline/rendering.server';
import type { AspectRatio } from '../src/shared/catalogue';
import { signUpAndVerify } from '../tests/support/accounts';
import { startTestApp, type TestApp } from '../tests/support/app';
import { API_KEY, type FakeGemini, preciseNow, startFakeGemini } from '../tests/support/fake-gemini';
import { freePort } from '../tests/support/free-port';
import { mediaTools } from '../tests/support/media';
import type { SessionClient } from '../tests/support/session-client';

const run = promisify(execFile);

const CREATE_CLIENTS = 16;
const CREATE_DURATION_MS = 10_000;
/** The create route's per-user limit (DEFAULT_CREATE_PER_MINUTE), left as it is. */
const CREATES_PER_USER = 10;
/**
 * Users signed up for the create run, per client: 10 creates each, taken from one shared list, so up to 320
 * creates/s over the 10 s (this machine does 110–170). More users cost sign-up time (argon2) before the run.
 */
const USERS_PER_CLIENT = Number(process.env.BENCH_USERS_PER_CLIENT ?? 20);
const COMPLETION_REQUESTS = 20;
const COMPLETION_USERS = 4;
const COMPLETION_TIMEOUT_MS = 100_000;
const RENDER_RUNS = 3;
const TARGET_OVERHEAD_MS = 1_000;
const FILM_LENGTHS_SECONDS = [8, 60, 240] as const;
const APPEND_RUNS = 5;
const PROMPT = 'Um gato laranja caminhando na praia ao pôr do sol, câmera lenta';

const logger = createLogger('silent');
const tools = await mediaTools(120_000);

// ---------------------------------------------------------------------------------------------------------------
// Figures and printing

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
const median = (values: number[]) => quantile(values, 0.5);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '—');

function table(header: string[], rows: string[][]): void {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(`  ${line(header)}`);
  console.log(`  ${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of rows) console.log(`  ${line(row)}`);
}

function progress(message: string): void {
  process.stderr.write(`· ${message}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// Users, creates and the event stream

interface BenchUser {
  client: SessionClient;
  email: string;
}

/** Real sign-up + e-mail verification, then 100,000 credits through the admin command; `parallel` at a time. */
async function makeUsers(app: TestApp, count: number, parallel: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next += 1;
        const { client, email } = await signUpAndVerify(app.url, {
          email: `bench-${randomUUID().slice(0, 12)}@example.com`,
        });
        await runAdminCommand(app.cena.pool, parseAdminArgs(['grant-credits', email, '100000']));
        users.push({ client, email });
      }
    }),
  );
  return users;
}

/** POST /api/videos as the browser's form does (multipart); the created request's id. */
async function createVideo(
  user: BenchUser,
  prompt: string,
  aspectRatio: AspectRatio = '16:9',
): Promise<{ status: number; id?: string; body: string }> {
  const form = new FormData();
  form.set('prompt', prompt);
  form.set('quality', 'fast');
  form.set('aspectRatio', aspectRatio);
  form.set('seed', '');
  form.set('clientKey', randomUUID());
  const response = await fetch(`${user.client.baseUrl}/api/videos`, {
    method: 'POST',
    headers: {
      origin: user.client.baseUrl,
      'x-forwarded-for': user.client.address,
      cookie: user.client.cookieHeader,
    },
    body: form,
  });
  const body = await response.text();
  if (response.status !== 201) return { status: response.status, body };
  const parsed = JSON.parse(body) as { request?: { id?: string } };
  return { status: response.status, id: parsed.request?.id, body };
}

interface StreamEvent {
  event: string;
  data: string;
  at: number;
}

/** An open `GET /api/events`: every event with the time it was read. */
interface EventStream {
  events: StreamEvent[];
  ready: Promise<void>;
  close(): void;
}

function openEvents(user: BenchUser): EventStream {
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  let markReady = () => {};
  let failReady: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  void (async () => {
    const response = await user.client.fetch('/api/events', {
      headers: { accept: 'text/event-stream' },
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`GET /api/events answered ${response.status}`);
    }
    controller.signal.addEventListener('abort', () => void response.body?.cancel().catch(() => undefined));
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const at = preciseNow();
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length === 0) continue; // heartbeat comment
        events.push({ event, data: data.join('\n'), at });
        if (event === 'ready') markReady();
      }
    }
  })().catch((error: Error) => {
    if (!controller.signal.aborted) failReady(error);
  });
  return { events, ready, close: () => controller.abort() };
}

// ---------------------------------------------------------------------------------------------------------------
// The three parts

interface CreateFigures {
  created: number;
  perSecond: number;
  p50: number;
  p99: number;
  users: number;
  errors: Map<string, number>;
  clientsOutOfUsers: number;
}

async function benchCreate(databaseUrl: string, dataDir: string, veo: FakeGemini): Promise<CreateFigures> {
  const app = await startTestApp(appEnv(dataDir, veo), { databaseUrl });
  try {
    // One extra user per client for the warm-up.
    const userCount = CREATE_CLIENTS * (USERS_PER_CLIENT + 1);
    const signUpStart = performance.now();
    const users = await makeUsers(app, userCount, 4);
    progress(
      `signed up ${users.length} users with credits in ${((performance.now() - signUpStart) / 1000).toFixed(1)} s`,
    );
    // Warm-up (connections, JIT, prepared paths), on users kept out of the run.
    const warm = users.splice(0, CREATE_CLIENTS * 1);
    await Promise.all(warm.map((user) => createVideo(user, `[never] ${PROMPT}`)));

    const latencies: number[] = [];
    const errors = new Map<string, number>();
    let clientsOutOfUsers = 0;
    let nextUser = 0;
    const start = performance.now();
    const deadline = start + CREATE_DURATION_MS;
    let lastEnd = start;
    await Promise.all(
      Array.from({ length: CREATE_CLIENTS }, async () => {
        let user: BenchUser | undefined;
        let used = CREATES_PER_USER;
        while (performance.now() < deadline) {
          if (used === CREATES_PER_USER) {
            user = users[nextUser++];
            used = 0;
          }
          if (!user) {
            clientsOutOfUsers += 1;
            return;
          }
          used += 1;
          const t = performance.now();
          const result = await createVideo(user, `[never] ${PROMPT}`);
          const end = performance.now();
          lastEnd = Math.max(lastEnd, end);
          if (result.status === 201) latencies.push(end - t);
          else {
            const key = `${result.status} ${result.body.slice(0, 80)}`;
            errors.set(key, (errors.get(key) ?? 0) + 1);
          }
        }
      }),
    );
    const elapsed = lastEnd - start;
    return {
      created: latencies.length,
      perSecond: (latencies.length / elapsed) * 1000,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      users: Math.min(nextUser, users.length),
      errors,
      clientsOutOfUsers,
    };
  } finally {
    await app.stop();
  }
}

interface CompletionSample {
  latency: number;
  rendering: number;
  doneToDownload: number;
  completedToEvent: number;
}

async function benchCompletion(
  databaseUrl: string,
  dataDir: string,
  veo: FakeGemini,
): Promise<CompletionSample[]> {
  const app = await startTestApp(appEnv(dataDir, veo), { databaseUrl });
  const streams: EventStream[] = [];
  try {
    const users = await makeUsers(app, COMPLETION_USERS, COMPLETION_USERS);
    for (const user of users) streams.push(openEvents(user));
    await Promise.race([
      Promise.all(streams.map((stream) => stream.ready)),
      sleep(10_000).then(() => {
        throw new Error('the event streams did not open');
      }),
    ]);

    const requests: { id: string; stream: EventStream }[] = [];
    for (let i = 0; i < COMPLETION_REQUESTS; i++) {
      const userIndex = i % COMPLETION_USERS;
      const user = users[userIndex] as BenchUser;
      const result = await createVideo(user, PROMPT);
      if (!result.id) throw new Error(`create answered ${result.status}: ${result.body}`);
      requests.push({ id: result.id, stream: streams[userIndex] as EventStream });
      // Spread out, so the requests do not all finish (and render) at once.
      await sleep(250);
    }

    const completedEvent = (request: { id: string; stream: EventStream }) =>
      request.stream.events.find((event) => {
        if (event.event !== 'video_request') return false;
        const data = JSON.parse(event.data) as { id: string; status: string };
        return data.id === request.id && (data.status === 'completed' || data.status === 'failed');
      });
    const deadline = Date.now() + COMPLETION_TIMEOUT_MS;
    let reported = 0;
    for (;;) {
      const done = requests.filter((request) => completedEvent(request)).length;
      if (done === requests.length) break;
      if (Date.now() > deadline) {
        throw new Error(`only ${done} of ${requests.length} requests finished within the timeout`);
      }
      if (done >= reported + 5) {
        reported = done;
        progress(`${done}/${requests.length} completed`);
      }
      await sleep(100);
    }

    const rows = await app.cena.pool.query<{
      id: string;
      status: string;
      operation_name: string | null;
      completed_at: Date | null;
      error_message: string | null;
    }>(
      `SELECT id, status, operation_name, completed_at, error_message FROM video_requests
       WHERE id = ANY($1::uuid[])`,
      [requests.map((request) => request.id)],
    );
    const byId = new Map(rows.rows.map((row) => [row.id, row]));
    return requests.map((request) => {
      const row = byId.get(request.id);
      if (row?.status !== 'completed' || !row.completed_at || !row.operation_name) {
        throw new Error(`request ${request.id} ended ${row?.status}: ${row?.error_message}`);
      }
      const doneAt = veo.doneAt.get(row.operation_name);
      const downloadAt = veo.downloadAt.get(row.operation_name);
      const eventAt = completedEvent(request)?.at;
      if (doneAt === undefined || downloadAt === undefined || eventAt === undefined) {
        throw new Error(`request ${request.id}: missing a timestamp`);
      }
      const completedAt = row.completed_at.getTime();
      return {
        latency: eventAt - doneAt,
        rendering: completedAt - downloadAt,
        doneToDownload: downloadAt - doneAt,
        completedToEvent: eventAt - completedAt,
      };
    });
  } finally {
    for (const stream of streams) stream.close();
    await app.stop();
  }
}

/** Writes under `dir` like the disk storage does. */
function diskStorage(dir: string) {
  return {
    async put(key: string, body: Buffer | Readable): Promise<void> {
      const file = path.join(dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      const out = createWriteStream(file);
      if (Buffer.isBuffer(body)) {
        await new Promise<void>((resolve, reject) => out.end(body, () => resolve()).once('error', reject));
      } else {
        await pipeline(body, out);
      }
    },
  };
}

async function benchRender(video: string, dir: string): Promise<Map<AspectRatio, number[]>> {
  const storage = diskStorage(path.join(dir, 'render-storage'));
  const results = new Map<AspectRatio, number[]>();
  for (const aspectRatio of ['16:9', '1:1'] as const) {
    const times: number[] = [];
    for (let i = 0; i <= RENDER_RUNS; i++) {
      const t = performance.now();
      const media = await renderResult({
        source: createReadStream(video),
        storage,
        userId: 'bench-user',
        requestId: randomUUID(),
        aspectRatio,
        tools,
      });
      const elapsed = performance.now() - t;
      if (i === 0 && media.probe.durationSeconds < 7.9) throw new Error('the rendered video is not 8 s');
      if (i > 0) times.push(elapsed); // the first run warms the page cache and ffmpeg
    }
    results.set(aspectRatio, times);
  }
  return results;
}

/** Asks the local renderer until its operation is done; returns the rendered file as a stream. */
async function renderLocally(
  provider: LocalVideoProvider,
  input: Parameters<LocalVideoProvider['submit']>[0],
) {
  const { operationName } = await provider.submit(input);
  for (;;) {
    const result = await provider.poll(operationName);
    if (result.done) {
      if (!('video' in result)) throw new Error(`local render failed: ${JSON.stringify(result)}`);
      if (!('uri' in result.video)) throw new Error('the local renderer answers a URI');
      return provider.download(result.video.uri);
    }
    await sleep(50);
  }
}

/**
 * Extending a 60 s video in local mode: the renderer makes the new 8 s part, and the pipeline joins it to the whole
 * source (stream copy when the parts match) and stores, thumbnails and probes the result.
 */
async function benchExtension(dir: string): Promise<{ renderMs: number; joinMs: number; seconds: number }> {
  const provider = new LocalVideoProvider({
    dir: path.join(dir, 'local'),
    delayMs: 0,
    ffmpegPath: tools.ffmpegPath,
    fontFile: (await mediaToolchainFromEnv()).fonts.regular,
  });
  const base = {
    requestId: randomUUID(),
    prompt: 'bench',
    userPrompt: 'Um barco a vela cruzando a baía ao amanhecer',
    negativePrompt: undefined,
    quality: 'fast' as const,
    aspectRatio: '16:9' as const,
    seed: null,
    image: undefined,
  };
  // The 60 s source, made the way an edit re-renders a whole length.
  const sourceFile = path.join(dir, 'source-60s.mp4');
  const source = await renderLocally(provider, {
    ...base,
    derivation: { kind: 'edit', sourceOperationName: null, sourceDurationSeconds: 60 },
  });
  await pipeline(source, createWriteStream(sourceFile));
  const started = performance.now();
  const part = await renderLocally(provider, {
    ...base,
    userPrompt: 'O barco chega ao porto',
    derivation: { kind: 'extend', sourceOperationName: null, sourceDurationSeconds: 60 },
  });
  const rendered = performance.now();
  const media = await renderResult({
    source: part,
    join: { kind: 'same-take', head: createReadStream(sourceFile), headSeconds: 60 },
    storage: diskStorage(path.join(dir, 'extension-storage')),
    userId: 'bench-user',
    requestId: randomUUID(),
    aspectRatio: '16:9',
    tools,
  });
  if (media.probe.durationSeconds < 67.5 || !media.probe.hasAudio)
    throw new Error('the extension is not 68 s');
  return {
    renderMs: rendered - started,
    joinMs: performance.now() - rendered,
    seconds: media.probe.durationSeconds,
  };
}

// ---------------------------------------------------------------------------------------------------------------

function appEnv(dataDir: string, veo: FakeGemini): Record<string, string> {
  return {
    // Not 'test': the suite's check of every answer against its schema is not what production runs.
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // The production default (the test app uses 5).
    DATABASE_POOL_SIZE: '10',
    VIDEO_PROVIDER: 'gemini',
    GEMINI_API_KEY: API_KEY,
    GEMINI_API_BASE: veo.base,
    SHUTDOWN_TIMEOUT_MS: '3000',
  };
}

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Resolves whether every target was met. */
/** An 8 s 720p 24 fps shot with sound, as Omni answers a Fast 16:9 video. */
async function makeShot(file: string, frequency: number): Promise<void> {
  await run(tools.ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=24'],
    ...[
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${frequency}`,
      '-t',
      '8',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
    ],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
}

interface AppendFigures {
  filmSeconds: number;
  joinMs: number[];
  reencodedSeconds: number;
  resultSeconds: number;
}

/**
 * Films of 8, 60 and 240 s in the film setting, each extended by one 8 s shot. The films are copies of one 8 s
 * film-setting part joined by stream copy — the encoder settings a film built shot by shot has throughout.
 */
async function benchAppend(dir: string): Promise<AppendFigures[]> {
  const work = await mkdtemp(path.join(dir, 'append-'));
  const first = path.join(work, 'first.mp4');
  const shot = path.join(work, 'shot.mp4');
  await Promise.all([makeShot(first, 440), makeShot(shot, 660)]);
  // One append puts the provider's file in the film setting; its first 8 s (cut at a keyframe) is the part.
  const seeded = await mkdtemp(path.join(work, 'seed-'));
  await appendShot({ headFile: first, shotFile: shot, outFile: path.join(seeded, 'film.mp4'), tools });
  const part = path.join(work, 'part.mp4');
  await run(tools.ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', path.join(seeded, 'film.mp4'), '-t', '8'],
    ...['-c', 'copy', '-metadata', `comment=${FILM_TAG}`, part],
  ]);
  const films: { file: string; figure: AppendFigures }[] = [];
  for (const seconds of FILM_LENGTHS_SECONDS) {
    const file = path.join(work, `film-${seconds}.mp4`);
    const list = path.join(work, `film-${seconds}.txt`);
    await writeFile(list, `file '${part}'\n`.repeat(Math.max(1, Math.round(seconds / 8))));
    await run(tools.ffmpegPath, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list],
      ...['-c', 'copy', '-metadata', `comment=${FILM_TAG}`, '-movflags', '+faststart', file],
    ]);
    const filmSeconds = (await probe(file, tools)).durationSeconds;
    films.push({ file, figure: { filmSeconds, joinMs: [], reencodedSeconds: 0, resultSeconds: 0 } });
  }
  // Round by round across the lengths, so a busy moment of the machine weighs on every length alike.
  for (let round = 0; round <= APPEND_RUNS; round++) {
    for (const { file, figure } of films) {
      const out = await mkdtemp(path.join(work, 'out-'));
      const outFile = path.join(out, 'film.mp4');
      const started = performance.now();
      const result = await appendShot({ headFile: file, shotFile: shot, outFile, tools });
      const elapsed = performance.now() - started;
      if (round > 0) figure.joinMs.push(elapsed); // the first round warms the page cache and ffmpeg
      figure.reencodedSeconds = result.reencodedSeconds;
      figure.resultSeconds = (await probe(outFile, tools)).durationSeconds;
      await rm(out, { recursive: true, force: true });
    }
  }
  const figures = films.map((film) => film.figure);
  return figures;
}

function reportAppend(figures: AppendFigures[]): boolean {
  console.log(
    `\n5. Appending a new 8 s 720p shot to a film (a continuation past the model's limit), median of ` +
      `${APPEND_RUNS} rounds (each length once per round) after one warm-up round`,
  );
  table(
    ['film', 'join ms (median)', 'min ms', 'max ms', 'film re-encoded', 'result'],
    figures.map((figure) => [
      `${figure.filmSeconds.toFixed(1)} s`,
      ms(median(figure.joinMs)),
      ms(Math.min(...figure.joinMs)),
      ms(Math.max(...figure.joinMs)),
      `${figure.reencodedSeconds.toFixed(1)} s`,
      `${figure.resultSeconds.toFixed(1)} s`,
    ]),
  );
  const shortest = median(figures[0]?.joinMs ?? []);
  const longest = median(figures.at(-1)?.joinMs ?? []);
  const limit = shortest * 1.5 + 500;
  const met = longest <= limit;
  console.log(
    `  target: the longest film's join ≤ 1.5 × the 8 s film's + 500 ms (${ms(limit)} ms): ${ms(longest)} ms → ` +
      `${met ? 'PASS' : 'FAIL'}`,
  );
  return met;
}

async function main(): Promise<boolean> {
  let met = true;
  const startedAt = performance.now();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'cena-bench-pipeline-'));
  // Run as root, PostgreSQL runs as its own user, which must be able to reach the data folder.
  await chmod(tempDir, 0o755);
  const cleanups: (() => Promise<unknown>)[] = [async () => rm(tempDir, { recursive: true, force: true })];
  const cleanUp = async () => {
    while (cleanups.length > 0)
      await cleanups
        .pop()?.()
        .catch(() => undefined);
  };
  const interrupted = () => {
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    if (process.argv.includes('--append-only')) {
      progress('appending a shot to films of 8, 60 and 240 s…');
      return reportAppend(await benchAppend(tempDir));
    }
    progress('rendering an 8 s 1080p test video with ffmpeg…');
    const video = path.join(tempDir, 'veo-1080p.mp4');
    // Both at once; whichever succeeded is cleaned up even when the other failed.
    const [embedded, rendered] = await Promise.allSettled([
      startEmbeddedPostgres({ dataDir: path.join(tempDir, 'postgres'), port: await freePort(), logger }),
      run(tools.ffmpegPath, [
        ...[
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          'testsrc2=size=1920x1080:rate=24',
        ],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '8', '-c:v', 'libx264', '-preset', 'veryfast'],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video],
      ]),
    ]);
    if (embedded.status === 'fulfilled') cleanups.push(() => embedded.value.stop());
    if (embedded.status === 'rejected') throw embedded.reason;
    if (rendered.status === 'rejected') throw rendered.reason;
    const pgHandle: EmbeddedPostgresHandle = embedded.value;
    const version = await (async () => {
      const client = new pg.Client({ connectionString: pgHandle.url });
      await client.connect();
      try {
        return (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]
          ?.server_version;
      } finally {
        await client.end();
      }
    })();

    const veo = await startFakeGemini({ video });
    cleanups.push(() => veo.stop());

    progress(`1/3 create throughput: ${CREATE_CLIENTS} clients × ${CREATE_DURATION_MS / 1000} s…`);
    const createDb = await createDatabase(pgHandle.url, 'bench_create');
    const create = await benchCreate(createDb, path.join(tempDir, 'data-create'), veo);

    progress(`2/3 completion latency: ${COMPLETION_REQUESTS} requests…`);
    // A fresh database, so the create run's queued jobs do not hold up the workers.
    veo.pollsUntilDone = 1;
    const completeDb = await createDatabase(pgHandle.url, 'bench_complete');
    const completion = await benchCompletion(completeDb, path.join(tempDir, 'data-complete'), veo);

    progress(`3/3 rendering step: ${RENDER_RUNS} runs per ratio…`);
    const render = await benchRender(video, tempDir);
    progress('extending a 60 s local video by one part…');
    const extension = await benchExtension(tempDir);
    progress('appending a shot to films of 8, 60 and 240 s…');
    const append = await benchAppend(tempDir);

    // -----------------------------------------------------------------------------------------------------------
    console.log(
      `\npipeline bench — PostgreSQL ${version} (embedded), Node ${process.version}, ${os.cpus().length} CPU(s); ` +
        'server, workers (pg-boss, 4 jobs at a time) and clients in one process\n',
    );
    console.log(
      `1. Create (POST /api/videos, Fast 16:9, no image): ${CREATE_CLIENTS} concurrent clients for ` +
        `${CREATE_DURATION_MS / 1000} s, ${create.users} signed-in users used (each ≤ ${CREATES_PER_USER} creates, ` +
        'so the per-user limit of 10/min is never hit; limit unchanged)',
    );
    table(
      ['', 'created', 'per second', 'p50 ms', 'p99 ms', 'errors'],
      [
        [
          'create',
          String(create.created),
          create.perSecond.toFixed(1),
          create.p50.toFixed(1),
          create.p99.toFixed(1),
          String([...create.errors.values()].reduce((a, b) => a + b, 0)),
        ],
      ],
    );
    for (const [error, count] of create.errors) console.log(`  ! ${count} × ${error}`);
    if (create.clientsOutOfUsers > 0) {
      console.log(
        `  ! ${create.clientsOutOfUsers} client(s) ran out of users before the end (raise BENCH_USERS_PER_CLIENT)`,
      );
    }

    const latency = completion.map((s) => s.latency);
    const rendering = completion.map((s) => s.rendering);
    const overhead = completion.map((s) => s.latency - s.rendering);
    const doneToDownload = completion.map((s) => s.doneToDownload);
    const completedToEvent = completion.map((s) => s.completedToEvent);
    console.log(
      `\n2. Provider done → browser-visible 'completed' (SSE /api/events), ${completion.length} Fast 16:9 ` +
        'requests, 8 s 1080p MP4 with audio from the fake Gemini API',
    );
    table(
      ['', 'p50 ms', 'p99 ms', 'max ms'],
      [
        ['done → completed event (latency)', latency] as const,
        ['  rendering (download → completed_at)', rendering] as const,
        ['  latency − rendering', overhead] as const,
        ['    done → download starts', doneToDownload] as const,
        ['    completed_at → event read', completedToEvent] as const,
      ].map(([label, list]) => [label, ms(median(list)), ms(quantile(list, 0.99)), ms(Math.max(...list))]),
    );
    const p99Overhead = quantile(overhead, 0.99);
    met &&= p99Overhead <= TARGET_OVERHEAD_MS;
    console.log(
      `  target p99(latency − rendering) ≤ ${TARGET_OVERHEAD_MS} ms: ${ms(p99Overhead)} ms → ` +
        `${p99Overhead <= TARGET_OVERHEAD_MS ? 'PASS' : 'FAIL'}`,
    );

    console.log(
      `\n3. Rendering step alone (renderResult on the 8 s 1080p file, disk storage), median of ${RENDER_RUNS} ` +
        'runs after one warm-up',
    );
    table(
      ['aspect ratio', 'work', 'median ms', 'min ms', 'max ms'],
      [
        ['16:9', 'store + thumbnail + probe'],
        ['1:1', 'store + reframe (libx264 veryfast) + thumbnail + probes'],
      ].map(([ratio, work]) => {
        const times = render.get(ratio as AspectRatio) ?? [];
        return [
          ratio as string,
          work as string,
          ms(median(times)),
          ms(Math.min(...times)),
          ms(Math.max(...times)),
        ];
      }),
    );
    console.log(
      '\n4. Local mode: extending a 60 s video (render the new 8 s part, join it to the whole source)',
    );
    table(
      ['step', 'ms'],
      [
        ['render the 8 s part (local renderer)', ms(extension.renderMs)],
        ['join + store + thumbnail + probe', ms(extension.joinMs)],
        [`total, for a ${extension.seconds.toFixed(1)} s result`, ms(extension.renderMs + extension.joinMs)],
      ],
    );
    met = reportAppend(append) && met;
    console.log(`\ntotal ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  } finally {
    await cleanUp();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  return met;
}

// Exit 0 only when every target was met: a bench that prints FAIL fails.
main().then(
  (met) => process.exit(met ? 0 : 1),
  (error: unknown) => {
    console.error(
      `bench:pipeline failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    );
    process.exit(1);
  },
);
