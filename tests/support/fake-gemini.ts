import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import { asksForCues, transcriptFor } from './fake-gemini-transcripts';
import {
  type FakeWebhookOptions,
  type FakeWebhooks,
  startFakeWebhooks,
  webhookConfigProblem,
} from './fake-gemini-webhooks';

/**
 * A local stand-in for Google's Gemini API, written from Google's documentation — not from Cena's code — so it
 * refuses what Google refuses. Each rule names its source:
 * - [MODELS] https://ai.google.dev/api/models#method:-models.list — `GET /v1beta/models?pageSize&pageToken`,
 *   `{ models: [{ name: "models/…", supportedGenerationMethods }], nextPageToken }`; "the service may return fewer
 *   models than pageSize", so this fake pages by three to make the caller follow `nextPageToken`.
 * - [OMNI] https://ai.google.dev/gemini-api/docs/omni (gemini-omni-1.1-flash, 2026-08-31) and `@google/genai`
 *   3.1.0's types: `POST /v1beta/interactions` {model, input, response_format {type "video", aspect_ratio
 *   "16:9"|"9:16", resolution "360p"|"720p"|"1080p"|"4k", duration "Ns" (3–10), delivery "inline"|"uri"},
 *   background, store, previous_interaction_id, generation_config.video_config.task}; answers
 *   `{id, object: "interaction", status, steps}`; the video is a `video` part of the `model_output` step; system
 *   instructions and negative prompts are not supported; URI delivery names `…/files/{id}:download?alt=media`,
 *   which is polled (`GET /v1beta/files/{id}`) until ACTIVE.
 * - [INTERACTIONS] https://ai.google.dev/gemini-api/docs/interactions — `previous_interaction_id` continues a
 *   stored (`store: true`, the default) interaction; `background: true` answers at once and runs behind;
 *   statuses from `InteractionStatus` (`in_progress`, `completed`, `failed`, …).
 * - [OMNI-TAGS] the Omni guide's "First and last frame interpolation" and "Reference images": an image of a new
 *   video is named by a text part just before it — `<FIRST_FRAME>`, `<LAST_FRAME>`, `<IMAGE_REF_N>` (N ≤ 3); a
 *   lone untagged image is the image-to-video example's first frame or reference. A tag names the next part, so
 *   one that is not followed by an image, or a tag the guide does not list, is refused.
 * - [OMNI-EXTEND] the Omni guide's "Prompts for extending videos" ("extend videos by 10s, up to a total length of
 *   40s"; the preview id does not extend) and
 *   https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/video/extend-videos ("uses up to the
 *   last 10 seconds to generate a 3-to-10-second extension and concatenates it onto up to the last 30 seconds of
 *   the input video"): an `extend` answer is the input's last ≤ 30 s and the new part, as one video.
 * - [OMNI-EDIT] the Omni guide's "Stateful video editing" (`previous_interaction_id` of a stored interaction;
 *   the edited video replaces the whole clip) and https://docs.evolink.ai/en/api-manual/video-series/gemini-omni-flash/gemini-omni-flash-video-edit
 *   ("duration and aspect_ratio are not supported in video editing mode; the output follows the input video").
 * - [RETENTION] https://ai.google.dev/gemini-api/docs/interactions-overview, data retention: stored interactions
 *   are kept 55 days on the paid tier; after that `previous_interaction_id` names nothing.
 * - [VEO] https://ai.google.dev/gemini-api/docs/video (REST) — `POST /v1beta/models/{id}:predictLongRunning`
 *   {instances[{prompt, image{bytesBase64Encoded, mimeType}, lastFrame, referenceImages}], parameters
 *   {aspectRatio, resolution, durationSeconds 4|6|8 (8 at 1080p), negativePrompt, personGeneration}}; operations
 *   have no `done` while running; `generatedSamples[0].video.uri` or `raiMediaFilteredReasons` when done;
 *   the video URI redirects to a signed storage URL.
 * - [ERRORS] https://ai.google.dev/gemini-api/docs/troubleshooting and https://cloud.google.com/apis/design/errors
 *   — `{error: {code, message, status, details}}`; unknown JSON fields → 400 INVALID_ARGUMENT "Invalid JSON
 *   payload received. Unknown name …"; unsupported values → 400 INVALID_ARGUMENT; unknown model → 404 NOT_FOUND
 *   "models/… is not found for API version v1beta, or is not supported for …"; 429 RESOURCE_EXHAUSTED with a
 *   `google.rpc.RetryInfo` `retryDelay`; a bad key → 400 API_KEY_INVALID, none → 403 PERMISSION_DENIED.
 * - [WEBHOOKS] fake-gemini-webhooks.ts: an Interactions create's `webhook_config`, and the project webhook's
 *   signed events when a generation finishes (with `webhook`, generations then end by time, not by reads).
 * - [RETIRED] https://ai.google.dev/gemini-api/docs/deprecations — shut-down ids answer 404 (third-party notices
 *   quote "is no longer available").
 *
 * Outcomes are scripted by markers in the prompt: `[block]` (completed without a video — the safety filter),
 * `[error]` (failed), `[never]` (never finishes), `[429]` (two 429s on create), `[lost]` (the create is
 * accepted but answered 503 — 500 on Veo's — as when the answer is lost on the way), `[503]` (two 503s per poll),
 * `[dl503]` (the first two downloads of the file answered 503 by the storage origin), `[dlcut]` (the first
 * download of the file announces its whole Content-Length, sends half the body and drops the connection — a reset
 * mid-file), `[action]` (the interaction ends in `requires_action`, InteractionStatus in `@google/genai` 3.1.0:
 * open, waiting for the client, so it can still be cancelled), `[lastsecond]` (with `[never]`: the generation
 * finishes just as it is cancelled — the cancel answers 400 FAILED_PRECONDITION, "only … still running", and the
 * next read shows it completed with its video), `[badfile]` (a broken file), `[inline]` (the video answered inline as base64 `data`), and for the text model
 * `[slowtext]` (answers after 5 s) and `[badjson]` (not JSON). The download origin is a second server: if it ever
 * receives the API key, the request is recorded in `keyLeaks` (tests assert it stays empty) and refused.
 */

const run = promisify(execFile);

export const API_KEY = 'fake-gemini-key';
/** Another valid key of another project: its interactions are not visible to API_KEY. */
export const OTHER_API_KEY = 'fake-gemini-other-key';

/** What the fake text model answers to every generateContent call. */
export const FAKE_STRUCTURED_PROMPT = {
  subject: 'a lighthouse keeper',
  action: 'climbs the spiral stairs',
  scene: 'a lighthouse on a cliff during a storm',
  camera: 'slow dolly in',
  lighting: 'lightning flashes, warm lamp light',
  style: 'cinematic, realistic',
  audio: 'rain, wind, distant thunder',
  negative: 'text, watermark',
};

/** What tests check after each case: the key never reached the download origin nor a URL, and Google refused no
 * field or value (`NO_BREACHES` when all is well). */
export function contractBreaches(fake: FakeGemini) {
  return { keyLeaks: fake.keyLeaks, keyInUrl: fake.keyInUrl, refusals: fake.refusals };
}
export const NO_BREACHES = { keyLeaks: [], keyInUrl: [], refusals: [] };

interface ServedModel {
  id: string;
  methods: string[];
}

/** What a default account lists: the Omni ids (methods not relied on) and a text model; no Veo id. */
const DEFAULT_SERVED_MODELS: ServedModel[] = [
  { id: 'gemini-omni-1.2-flash', methods: [] },
  { id: 'gemini-omni-1.1-flash', methods: [] },
  { id: 'gemini-3.8-flash', methods: ['generateContent', 'countTokens'] },
  { id: 'gemini-3.6-flash', methods: ['generateContent', 'countTokens'] },
  { id: 'gemini-embedding-2', methods: ['embedContent'] },
];

interface Job {
  id: string;
  kind: 'interaction' | 'operation';
  key: string;
  model: string;
  prompt: string;
  aspectRatio: string;
  resolution: string;
  store: boolean;
  polls: number;
  outcome: 'success' | 'block' | 'error' | 'never' | 'badfile';
  inline: boolean;
  fileChecks: number;
  /** Length of the video this interaction answers. */
  seconds: number;
  /** Length of the whole scene so far (an extension's input chain plus its new part), for [OMNI-EXTEND]. */
  totalSeconds: number;
  createdAt: number;
  /** `background: true` on create ([INTERACTIONS]); only such an interaction can be cancelled. */
  background?: boolean;
  cancelled?: boolean;
}

interface RecordedRequest {
  server: 'api' | 'download';
  method: string;
  path: string;
  hasKey: boolean;
}

export interface FakeGemini {
  /** e.g. http://127.0.0.1:1234/v1beta — pass as GEMINI_API_BASE. */
  base: string;
  /** The second origin the downloads redirect to. */
  downloadOrigin: string;
  models: ServedModel[];
  requests: RecordedRequest[];
  /** Requests the download origin received with the key: must stay empty. */
  keyLeaks: string[];
  /** Requests that carried the key in the URL (`?key=`): must stay empty. */
  keyInUrl: string[];
  /** Accepted generation requests, by prompt. */
  submits: Map<string, number>;
  /** Bodies of accepted `POST /interactions` and `:predictLongRunning` calls. */
  submitBodies: Record<string, unknown>[];
  /** Bodies refused with 400, with the reason. */
  refusals: { path: string; message: string }[];
  textPrompts: string[];
  /** Videos the text model was asked to watch (the take guarantee's check), with the text sent after each. */
  videoJudgements: { bytes: number; text: string }[];
  /** Videos the text model was asked to transcribe (captions; fake-gemini-transcripts.ts), by size. */
  transcriptions: { bytes: number }[];
  polls: number;
  downloads: number;
  pollsUntilDone: number;
  /** Makes a stored interaction older, as if created `ms` earlier ([RETENTION]). */
  age(interactionId: string, ms: number): void;
  /** Operation name (`interactions/{id}` or the Veo name) → when a poll first answered it finished. */
  doneAt: Map<string, number>;
  /** Operation name → when its file download was first asked for. */
  downloadAt: Map<string, number>;
  /** Times (epoch ms) of 429 answers and of the calls that followed them, per prompt. */
  rateLimitTimes: Map<string, number[]>;
  /**
   * A regional blip: every read of an interaction answers 503 UNAVAILABLE until this time (epoch ms), while the
   * generations go on (ERRORS: UNAVAILABLE, "retry with back-off").
   */
  unavailableUntil: number;
  /**
   * A create that is accepted and its generation started, then answered only after this many ms: the window in
   * which a worker can stop (or die) between Google accepting and Cena learning the id.
   */
  createAnswerDelayMs: number;
  /** Every read of an interaction answers only after this many ms (a slow read, as through an outage). */
  pollDelayMs: number;
  /** [CANCEL] Interaction ids cancelled and deleted through the API, in order. */
  cancelled: string[];
  deleted: string[];
  /** [QUOTA] Creates refused for quota, and the most generations ever in progress at once for one key. */
  quotaRefusals: number;
  maxInFlight: number;
  /** [WEBHOOKS] With the `webhook` option: the events posted, and the faults to apply to the next ones. */
  webhooks: FakeWebhooks | undefined;
  /** [SPEND] Creates refused for the spend cap, and the most US cents ever billed to one key in one window. */
  spendRefusals: number;
  maxSpendCents: number;
  stop(): Promise<void>;
}

export interface FakeGeminiOptions {
  /** An MP4 served for every successful generation, whatever its size (the benchmark's 1080p file). */
  video?: string;
  /** Serve tiny 192×108 / 108×192 files instead of the requested resolution (fast property tests). */
  tiny?: boolean;
  models?: ServedModel[];
  /** `retryDelay` of the 429 answers (google.protobuf.Duration). */
  retryDelay?: string;
  /** The valid key instead of API_KEY (a test that scans answers for fragments of the key). */
  apiKey?: string;
  /**
   * [QUOTA] A project's limits, per key (each key here is its own project): creates per minute and generations in
   * progress. A create past either is refused with 429 RESOURCE_EXHAUSTED and a RetryInfo `retryDelay`; a
   * generation is in progress for `generationMs` after it was accepted (polls before then answer it running).
   */
  quota?: {
    requestsPerMinute: number;
    inFlight: number;
    generationMs: number;
    minuteMs?: number;
    /** [SPEND] US cents billed per key per ten of these minutes; absent: no spend cap. */
    spendCentsPer10Minutes?: number;
    /**
     * [QUOTA] `stated` (the default): each 429 names the limit it hit in a QuotaFailure; `unstated`: only RetryInfo,
     * as Google's answers may (below).
     */
    refusals?: 'stated' | 'unstated';
  };
  /** [WEBHOOKS] The project's registered webhook: its events are posted there, signed with its secret. */
  webhook?: FakeWebhookOptions;
}

/** Epoch milliseconds with sub-millisecond precision (the timestamps of `doneAt` and `downloadAt`). */
export const preciseNow = () => performance.timeOrigin + performance.now();

// [RETIRED]: Veo 2.0 / 3.0 ids shut down 2026-06-30, the Veo 3.1 previews 2026-10-22; the 3.1 `-001` ids are
// served on Vertex AI only. Written here from Google's pages, not read from Cena's catalogue.
const SHUT_DOWN = new Set([
  'veo-2.0-generate-001',
  'veo-3.0-generate-001',
  'veo-3.0-fast-generate-001',
  'veo-3.1-generate-preview',
  'veo-3.1-fast-generate-preview',
  'veo-3.1-lite-generate-preview',
  'veo-3.1-generate-001',
  'veo-3.1-fast-generate-001',
]);
// [OMNI-TAGS]: the tags that name an image of a new video (a first frame, a last frame, up to three references).
const OMNI_IMAGE_TAGS = /^<(FIRST_FRAME|LAST_FRAME|IMAGE_REF_[1-3])>$/;
// [OMNI-EXTEND]: the ids that extend, the longest extended video, and the input tail an answer carries.
const EXTENDING_MODELS = new Set(['gemini-omni-1.1-flash', 'gemini-omni-1.2-flash']);
const MAX_EXTENDED_SECONDS = 40;
const EXTEND_TAIL_SECONDS = 30;
// [RETENTION]: 55 days on the paid tier.
const RETENTION_MS = 55 * 24 * 3_600_000;
// [OMNI] "Output resolution": 360p, 720p (default), 1080p and 4k (upscaled).
const OMNI_RESOLUTIONS = ['360p', '720p', '1080p', '4k'];
// [VEO] `resolution`: 720p (default) and 1080p; 4k since the 2026-01-13 changelog entry.
const VEO_RESOLUTIONS = ['720p', '1080p', '4k'];
const RATIOS = new Set(['16:9', '9:16']);
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif']);
// [SPEND] List prices per second of video, in tenths of a US cent, by resolution.
const TENTHS_OF_CENT_PER_SECOND: Record<string, number> = { '360p': 23, '720p': 70, '1080p': 104, '4k': 209 };
const SIZES: Record<string, [number, number]> = {
  '360p': [640, 360],
  '720p': [1280, 720],
  '1080p': [1920, 1080],
  '4k': [3840, 2160],
};

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly googleStatus: string,
    readonly details?: unknown[],
  ) {
    super(message);
  }
}

const invalid = (message: string) => new Refusal(400, message, 'INVALID_ARGUMENT');
const unknownField = (name: string, where: string) =>
  invalid(`Invalid JSON payload received. Unknown name "${name}" at '${where}': Cannot find field.`);

function onlyFields(value: Record<string, unknown>, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(value)) if (!allowed.includes(key)) throw unknownField(key, where);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function outcomeOf(prompt: string): Job['outcome'] {
  if (prompt.includes('[block]')) return 'block';
  if (prompt.includes('[error]')) return 'error';
  if (prompt.includes('[never]')) return 'never';
  if (prompt.includes('[badfile]')) return 'badfile';
  return 'success';
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

function googleError(response: ServerResponse, refusal: Refusal): void {
  json(response, refusal.status, {
    error: {
      code: refusal.status,
      message: refusal.message,
      status: refusal.googleStatus,
      ...(refusal.details ? { details: refusal.details } : {}),
    },
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Video understanding (https://ai.google.dev/gemini-api/docs/video-understanding): a video under 100 MB may be sent
 * inline as a part `{ inlineData: { mimeType, data } }` (base64) of `generateContent`'s contents; the documented
 * types are video/mp4, mpeg, mov, avi, x-flv, mpg, webm, wmv and 3gpp. Anything else is refused as Google does
 * (400 INVALID_ARGUMENT); the bytes of an MP4 must be one (an ISO BMFF `ftyp` box first).
 */
const VIDEO_TYPES = [
  'video/mp4',
  'video/mpeg',
  'video/mov',
  'video/avi',
  'video/x-flv',
  'video/mpg',
  'video/webm',
  'video/wmv',
  'video/3gpp',
];
const INLINE_LIMIT_BYTES = 100 * 1024 * 1024;

function inlineVideo(contents: unknown): Buffer | undefined {
  if (!Array.isArray(contents)) return undefined;
  for (const content of contents) {
    if (!isObject(content) || !Array.isArray(content.parts)) continue;
    for (const part of content.parts) {
      if (!isObject(part) || !isObject(part.inlineData)) continue;
      const { mimeType, data } = part.inlineData;
      if (typeof mimeType !== 'string' || !mimeType.startsWith('video/')) continue;
      if (!VIDEO_TYPES.includes(mimeType)) throw invalid(`Unsupported MIME type: ${mimeType}`);
      if (typeof data !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(data))
        throw invalid('Invalid value at inline_data.data (TYPE_BYTES), Base64 decoding failed');
      const bytes = Buffer.from(data, 'base64');
      if (bytes.length >= INLINE_LIMIT_BYTES) throw invalid('Request payload size exceeds the limit');
      if (mimeType === 'video/mp4' && bytes.subarray(4, 8).toString('latin1') !== 'ftyp')
        throw invalid('The document has no pages or the video could not be processed.');
      return bytes;
    }
  }
  return undefined;
}

/**
 * The fake's look at a video: present, unless the text asks otherwise with `[sem-sujeito]` / `[sem-acao]`, or with
 * `[sem-sujeito-uma-vez]` the first time that text is judged (a take that fails, then a re-roll that passes).
 */
function verdictFor(text: string, seenBefore: boolean) {
  const subjectPresent =
    !text.includes('[sem-sujeito]') && !(text.includes('[sem-sujeito-uma-vez]') && !seenBefore);
  const actionPresent = subjectPresent && !text.includes('[sem-acao]');
  return {
    subjectPresent,
    actionPresent,
    confidence: 0.9,
    reasons: subjectPresent
      ? actionPresent
        ? 'O assunto aparece e faz a ação pedida.'
        : 'O assunto aparece, mas não faz a ação pedida.'
      : 'O vídeo mostra um padrão de cores, sem o assunto pedido.',
  };
}

/**
 * The stand-in's clips, shared by every test file of a checkout (ADR 0075): each file's stand-in encoded the same
 * test pattern per size again (a 4K clip 3.7 s of CPU, a 1080p one 2.3 s). Under the checkout's `data/` (gitignored),
 * so a clean clone starts without them; named by the ffmpeg binary and the clip, written by an atomic rename.
 */
const SHARED_CLIPS = path.resolve(import.meta.dirname, '../../data/fake-gemini-clips');

export async function makeVideo(file: string, width: number, height: number, seconds: number): Promise<void> {
  const ffmpeg = (await mediaToolchainFromEnv()).ffmpeg.path;
  const { size, mtimeMs } = await stat(await realpath(ffmpeg));
  const name = createHash('sha256').update(`${ffmpeg}:${size}:${mtimeMs}:${width}x${height}x${seconds}`);
  const shared = path.join(SHARED_CLIPS, `${name.digest('hex')}.mp4`);
  if (
    await copyFile(shared, file).then(
      () => true,
      () => false,
    )
  )
    return;
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=8:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=f=440:d=${seconds}`],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '32k', file],
  ]);
  await mkdir(SHARED_CLIPS, { recursive: true });
  const partial = `${shared}.${randomUUID()}.tmp`;
  await copyFile(file, partial);
  await rename(partial, shared);
}

/** The length of the one clip encoded per size; a longer answer repeats it. */
const UNIT_SECONDS = 8;

/**
 * A longer answer (an extension's, which repeats the source's tail) is the unit clip repeated and cut to length,
 * stream-copied with the concat demuxer (https://ffmpeg.org/ffmpeg-formats.html#concat-1): an extension chain's
 * answers of 16, 24, 32 and 38 s cost one 8 s encode instead of 110 s of encodes.
 */
async function repeatVideo(unitFile: string, file: string, seconds: number): Promise<void> {
  const list = `${file}.txt`;
  const copies = Math.ceil(seconds / UNIT_SECONDS);
  await writeFile(list, `file '${unitFile}'\n`.repeat(copies));
  await run((await mediaToolchainFromEnv()).ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list],
    ...['-t', String(seconds), '-c', 'copy', file],
  ]);
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

export async function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fake-gemini-'));
  const fixed = options.video ? await readFile(options.video) : undefined;
  const files = new Map<string, Promise<string>>();
  /** The file for a generation: made once per size and length, lazily (a 1080p file takes ffmpeg a few seconds). */
  const videoFor = (job: Job): Promise<Buffer> => {
    if (fixed) return Promise.resolve(fixed);
    let [width, height] = options.tiny ? [192, 108] : (SIZES[job.resolution] ?? [1280, 720]);
    if (job.aspectRatio === '9:16') [width, height] = [height, width];
    return sizedVideo(width, height, job.seconds).then((file) => readFile(file));
  };
  /** The file of one size and length, made once. */
  const sizedVideo = (width: number, height: number, seconds: number): Promise<string> => {
    const key = `${width}x${height}x${seconds}`;
    let file = files.get(key);
    if (!file) {
      const target = path.join(dir, `${key}.mp4`);
      const made =
        seconds > UNIT_SECONDS
          ? sizedVideo(width, height, UNIT_SECONDS).then((unit) => repeatVideo(unit, target, seconds))
          : makeVideo(target, width, height, seconds);
      file = made.then(() => target);
      files.set(key, file);
    }
    return file;
  };

  const jobs = new Map<string, Job>();
  const rateLimited = new Map<string, number>();
  const spendLog: { key: string; at: number; cents: number }[] = [];
  const unavailable = new Map<string, number>();
  const failedDownloads = new Map<string, number>();
  const cutDownloads = new Set<string>();
  let base = '';
  let downloadOrigin = '';

  const state: FakeGemini = {
    base: '',
    downloadOrigin: '',
    models: [...(options.models ?? DEFAULT_SERVED_MODELS)],
    requests: [],
    keyLeaks: [],
    keyInUrl: [],
    submits: new Map(),
    submitBodies: [],
    refusals: [],
    textPrompts: [],
    videoJudgements: [],
    transcriptions: [],
    polls: 0,
    downloads: 0,
    pollsUntilDone: 2,
    quotaRefusals: 0,
    maxInFlight: 0,
    spendRefusals: 0,
    maxSpendCents: 0,
    unavailableUntil: 0,
    createAnswerDelayMs: 0,
    pollDelayMs: 0,
    cancelled: [],
    deleted: [],
    doneAt: new Map(),
    downloadAt: new Map(),
    rateLimitTimes: new Map(),
    webhooks: options.webhook ? startFakeWebhooks(options.webhook, () => state.requests.length) : undefined,
    age: (interactionId, ms) => {
      const job = jobs.get(interactionId);
      if (job) job.createdAt -= ms;
    },
    stop: async () => {
      state.webhooks?.stop();
      for (const server of [api, storage]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await rm(dir, { recursive: true, force: true });
    },
  };

  const served = (id: string) => state.models.find((model) => model.id === id);
  const notFound = (id: string, method: string) =>
    SHUT_DOWN.has(id)
      ? new Refusal(
          404,
          `models/${id} is no longer available. Use a model listed by ListModels.`,
          'NOT_FOUND',
        )
      : new Refusal(
          404,
          `models/${id} is not found for API version v1beta, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
          'NOT_FOUND',
        );

  const operationName = (job: Job) =>
    job.kind === 'interaction' ? `interactions/${job.id}` : `models/${job.model}/operations/${job.id}`;

  const rateLimit = (prompt: string): Refusal | undefined => {
    const times = state.rateLimitTimes.get(prompt) ?? [];
    state.rateLimitTimes.set(prompt, [...times, Date.now()]);
    if (!prompt.includes('[429]')) return undefined;
    const seen = rateLimited.get(prompt) ?? 0;
    rateLimited.set(prompt, seen + 1);
    if (seen >= 2) return undefined;
    return new Refusal(429, 'Resource has been exhausted (e.g. check quota).', 'RESOURCE_EXHAUSTED', [
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: options.retryDelay ?? '0.2s' },
    ]);
  };

  const newJob = (
    fields: Omit<
      Job,
      'id' | 'polls' | 'outcome' | 'inline' | 'fileChecks' | 'createdAt' | 'seconds' | 'totalSeconds'
    > &
      Partial<Pick<Job, 'seconds' | 'totalSeconds'>>,
  ): Job => {
    const job: Job = {
      seconds: 8,
      totalSeconds: fields.seconds ?? 8,
      createdAt: Date.now(),
      ...fields,
      id: `v1_${randomUUID().replaceAll('-', '')}`,
      polls: 0,
      outcome: outcomeOf(fields.prompt),
      inline: fields.prompt.includes('[inline]'),
      fileChecks: 0,
    };
    jobs.set(job.id, job);
    state.submits.set(job.prompt, (state.submits.get(job.prompt) ?? 0) + 1);
    return job;
  };

  /** [OMNI] request body rules. */
  function checkInteraction(body: Record<string, unknown>, key: string): Job {
    onlyFields(
      body,
      [
        'model',
        'input',
        'response_format',
        'background',
        'store',
        'stream',
        'previous_interaction_id',
        'generation_config',
        'webhook_config',
      ],
      'interaction',
    );
    if (body.webhook_config !== undefined) {
      const problem = webhookConfigProblem(body.webhook_config);
      if (problem) throw invalid(problem);
    }
    const model = body.model;
    if (typeof model !== 'string') throw invalid('model is required');
    if (!served(model) || !model.startsWith('gemini-omni-')) throw notFound(model, 'interactions');
    if (body.stream === true) throw invalid('this fake does not stream');
    for (const flag of ['background', 'store'] as const) {
      if (body[flag] !== undefined && typeof body[flag] !== 'boolean')
        throw invalid(`${flag} must be a boolean`);
    }
    let prompt = '';
    if (typeof body.input === 'string') prompt = body.input;
    else if (Array.isArray(body.input)) {
      /** [OMNI-TAGS] the tag the previous text part named; the next part must be its image. */
      let tag: string | undefined;
      for (const part of body.input) {
        if (!isObject(part)) throw invalid('input parts must be objects');
        if (tag && part.type !== 'image') throw invalid(`${tag} must be followed by an image part`);
        tag = undefined;
        if (part.type === 'text') {
          onlyFields(part, ['type', 'text'], 'input[].text');
          if (typeof part.text !== 'string') throw invalid('text part without text');
          if (/^<[A-Z_0-9]+>$/.test(part.text.trim())) {
            tag = part.text.trim();
            if (!OMNI_IMAGE_TAGS.test(tag)) throw invalid(`Unknown image tag ${tag}`);
            continue;
          }
          prompt += part.text;
        } else if (part.type === 'image') {
          onlyFields(part, ['type', 'data', 'mime_type', 'uri'], 'input[].image');
          if (typeof part.data !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(part.data)) {
            throw invalid('image data must be base64');
          }
          if (!IMAGE_TYPES.has(String(part.mime_type)))
            throw invalid(`Unsupported MIME type: ${part.mime_type}`);
        } else throw invalid(`Invalid value at 'input[].type' (${String(part.type)})`);
      }
      if (tag) throw invalid(`${tag} must be followed by an image part`);
    } else throw invalid('input is required');
    if (!prompt.trim()) throw invalid('input has no text');

    const formats = Array.isArray(body.response_format)
      ? body.response_format
      : [body.response_format ?? { type: 'video' }];
    const format = formats[0];
    if (!isObject(format) || formats.length !== 1) throw invalid('response_format must be one video format');
    // gcs_uri is for Vertex AI only (SDK 3.1.0: "Required for Vertex if delivery is URI").
    onlyFields(format, ['type', 'aspect_ratio', 'resolution', 'duration', 'delivery'], 'response_format');
    if (format.type !== 'video')
      throw invalid(`Invalid value at 'response_format.type' (${String(format.type)})`);
    const aspectRatio = format.aspect_ratio ?? '16:9';
    if (!RATIOS.has(String(aspectRatio)))
      throw invalid(`Invalid value at 'response_format.aspect_ratio' (${String(aspectRatio)})`);
    const resolution = format.resolution ?? '720p';
    const modelResolutions = String(model).startsWith('veo-') ? VEO_RESOLUTIONS : OMNI_RESOLUTIONS;
    if (!modelResolutions.includes(String(resolution))) {
      throw invalid(`Invalid value at 'response_format.resolution' (${String(resolution)})`);
    }
    if (format.duration !== undefined) {
      const match = /^(\d+)s$/.exec(String(format.duration));
      if (!match || Number(match[1]) < 3 || Number(match[1]) > 10) {
        throw invalid(`Invalid value at 'response_format.duration' (${String(format.duration)})`);
      }
    }
    if (format.delivery !== undefined && format.delivery !== 'inline' && format.delivery !== 'uri') {
      throw invalid(`Invalid value at 'response_format.delivery' (${String(format.delivery)})`);
    }
    if (body.generation_config !== undefined) {
      if (!isObject(body.generation_config)) throw invalid('generation_config must be an object');
      onlyFields(
        body.generation_config,
        ['video_config', 'thinking_level', 'thinking_summaries'],
        'generation_config',
      );
      const videoConfig = body.generation_config.video_config;
      if (videoConfig !== undefined) {
        if (!isObject(videoConfig)) throw invalid('video_config must be an object');
        onlyFields(videoConfig, ['task'], 'generation_config.video_config');
        const tasks = ['text_to_video', 'image_to_video', 'reference_to_video', 'edit', 'extend'];
        if (!tasks.includes(String(videoConfig.task))) throw invalid(`Invalid value at 'video_config.task'`);
      }
    }
    const task =
      isObject(body.generation_config) && isObject(body.generation_config.video_config)
        ? String(body.generation_config.video_config.task)
        : undefined;
    let previous: Job | undefined;
    if (body.previous_interaction_id !== undefined) {
      previous = jobs.get(String(body.previous_interaction_id));
      // [INTERACTIONS] only a stored interaction of the same project can be continued; [RETENTION] for 55 days.
      if (
        previous?.kind !== 'interaction' ||
        previous.key !== key ||
        !previous.store ||
        Date.now() - previous.createdAt > RETENTION_MS
      ) {
        throw new Refusal(404, `Interaction ${String(body.previous_interaction_id)} not found.`, 'NOT_FOUND');
      }
      if (previous.outcome !== 'success' || previous.polls < state.pollsUntilDone) {
        throw new Refusal(400, 'The previous interaction has no generated video.', 'FAILED_PRECONDITION');
      }
    }
    const video = { aspectRatio: String(aspectRatio), resolution: String(resolution) };
    let seconds = format.duration === undefined ? 8 : Number.parseInt(String(format.duration), 10);
    let totalSeconds = seconds;
    if (task === 'extend' || task === 'edit') {
      // Cena sends no video part ([OMNI]'s input types above), so a stored interaction is the only source.
      if (!previous) throw invalid(`task ${task} needs a video: previous_interaction_id or a video part`);
      if (task === 'extend') {
        if (!EXTENDING_MODELS.has(model)) throw invalid(`${model} does not support task extend`);
        totalSeconds = previous.totalSeconds + seconds;
        if (totalSeconds > MAX_EXTENDED_SECONDS) {
          throw invalid(`An extended video can be at most ${MAX_EXTENDED_SECONDS}s long.`);
        }
        seconds = Math.min(previous.seconds, EXTEND_TAIL_SECONDS) + seconds;
      } else {
        // [OMNI-EDIT]: the output follows the input video.
        if (format.duration !== undefined || format.aspect_ratio !== undefined) {
          throw invalid('duration and aspect_ratio are not supported when editing a video');
        }
        seconds = previous.seconds;
        totalSeconds = previous.totalSeconds;
      }
      video.aspectRatio = previous.aspectRatio;
    } else if (previous && task !== undefined) {
      throw invalid(`task ${task} cannot continue a previous video interaction`);
    }
    return newJob({
      kind: 'interaction',
      key,
      model,
      prompt,
      ...video,
      store: body.store !== false,
      seconds,
      totalSeconds,
    });
  }

  /** [VEO] request body rules. */
  function checkPredict(model: string, body: Record<string, unknown>, key: string): Job {
    const listed = served(model);
    if (!listed?.methods.includes('predictLongRunning')) throw notFound(model, 'predictLongRunning');
    onlyFields(body, ['instances', 'parameters'], 'predictLongRunning');
    const instances = body.instances;
    if (!Array.isArray(instances) || instances.length !== 1 || !isObject(instances[0])) {
      throw invalid('instances must hold one instance');
    }
    const instance = instances[0];
    onlyFields(instance, ['prompt', 'image', 'lastFrame', 'referenceImages', 'video'], 'instances[0]');
    if (typeof instance.prompt !== 'string' || !instance.prompt.trim()) throw invalid('prompt is required');
    if (instance.image !== undefined) {
      if (!isObject(instance.image)) throw invalid('image must be an object');
      onlyFields(instance.image, ['bytesBase64Encoded', 'mimeType'], 'instances[0].image');
      if (!IMAGE_TYPES.has(String(instance.image.mimeType))) throw invalid('image.mimeType is not supported');
    }
    const parameters = isObject(body.parameters) ? body.parameters : {};
    onlyFields(
      parameters,
      [
        'aspectRatio',
        'resolution',
        'durationSeconds',
        'negativePrompt',
        'personGeneration',
        'numberOfVideos',
      ],
      'parameters',
    );
    const aspectRatio = parameters.aspectRatio ?? '16:9';
    if (!RATIOS.has(String(aspectRatio)))
      throw invalid(`aspectRatio ${String(aspectRatio)} is not supported`);
    const resolution = parameters.resolution ?? '720p';
    if (!VEO_RESOLUTIONS.includes(String(resolution)))
      throw invalid(`resolution ${String(resolution)} is not supported`);
    const duration = parameters.durationSeconds ?? 8;
    if (![4, 6, 8].includes(Number(duration)))
      throw invalid(`durationSeconds ${String(duration)} is not supported`);
    if (resolution !== '720p' && Number(duration) !== 8) throw invalid('1080p and 4k need durationSeconds 8');
    if (parameters.personGeneration !== undefined) {
      const allowed = instance.image ? ['allow_adult'] : ['allow_all'];
      if (!allowed.includes(String(parameters.personGeneration)))
        throw invalid('personGeneration value not allowed');
    }
    return newJob({
      kind: 'operation',
      key,
      model,
      prompt: instance.prompt,
      aspectRatio: String(aspectRatio),
      resolution: String(resolution),
      store: true,
    });
  }

  const generating = (job: Job, now: number) =>
    options.quota !== undefined &&
    job.outcome !== 'never' &&
    now < job.createdAt + options.quota.generationMs;

  /**
   * [QUOTA] https://ai.google.dev/gemini-api/docs/rate-limits: "Your usage is evaluated against each limit, and
   * exceeding any of them will trigger a rate limit error" — 429 RESOURCE_EXHAUSTED with RetryInfo ([ERRORS]);
   * "Rate limits are applied per project, not per API key" (one key per project here). A refused create is not
   * counted: Google's quota check allocates nothing when it fails (Service Control's QuotaMode NORMAL, "allocation
   * error will be returned and no quota will be allocated",
   * https://cloud.google.com/ruby/docs/reference/google-cloud-service_control-v1/latest/Google-Cloud-ServiceControl-V1-QuotaOperation-QuotaMode).
   * The 429 names the limit in a `google.rpc.QuotaFailure` violation {quotaMetric, quotaId, quotaDimensions,
   * quotaValue}, as the Gemini API's answers quoted in https://github.com/Aider-AI/aider/issues/3694 and
   * https://github.com/RooCodeInc/Roo-Code/issues/3883 do (`GenerateRequestsPerMinutePerProjectPerModel`,
   * `quotaValue` a decimal string). Google publishes no id for generations in progress: the fake names one in
   * the same pattern (`…ConcurrentRequests…`), a guess. QuotaFailure is optional: error_details.proto defines it
   * apart from RetryInfo, and Gemini API 429s quoted without it exist (only `google.rpc.Help` in
   * https://github.com/gke-labs/gemini-for-kubernetes-development/issues/1215, no details at all in
   * https://github.com/google-gemini/gemini-cli/issues/14811): with `refusals: 'unstated'` the answer keeps only
   * RetryInfo, the limit unnamed.
   */
  const quotaRefusal = (job: Job): Refusal | undefined => {
    const quota = options.quota;
    if (!quota) return undefined;
    const now = Date.now();
    const minuteMs = quota.minuteMs ?? 60_000;
    const mine = [...jobs.values()].filter((other) => other.key === job.key && other !== job);
    const lastMinute = mine.filter((other) => now - other.createdAt < minuteMs);
    const inProgress = mine.filter((other) => generating(other, now));
    let waitMs = 0;
    let violation: Record<string, unknown>;
    const dimensions = { location: 'global', model: job.model };
    if (lastMinute.length >= quota.requestsPerMinute) {
      waitMs = Math.min(...lastMinute.map((other) => other.createdAt + minuteMs - now));
      violation = {
        quotaMetric: 'generativelanguage.googleapis.com/generate_requests_per_model',
        quotaId: 'GenerateRequestsPerMinutePerProjectPerModel',
        quotaDimensions: dimensions,
        quotaValue: String(quota.requestsPerMinute),
      };
    } else if (inProgress.length >= quota.inFlight) {
      waitMs = Math.min(...inProgress.map((other) => other.createdAt + quota.generationMs - now));
      violation = {
        quotaMetric: 'generativelanguage.googleapis.com/concurrent_requests_per_model',
        quotaId: 'GenerateVideoConcurrentRequestsPerProjectPerModel',
        quotaDimensions: dimensions,
        quotaValue: String(quota.inFlight),
      };
    } else {
      return spendRefusal(job, now, minuteMs * 10);
    }
    state.quotaRefusals += 1;
    return new Refusal(
      429,
      'You exceeded your current quota, please check your plan and billing details.',
      'RESOURCE_EXHAUSTED',
      [
        ...(quota.refusals === 'unstated'
          ? []
          : [{ '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [violation] }]),
        {
          '@type': 'type.googleapis.com/google.rpc.RetryInfo',
          retryDelay: `${(Math.max(waitMs, 1) / 1000).toFixed(3)}s`,
        },
      ],
    );
  };

  /**
   * [SPEND] The same page's "Spend-based rate limits": a cap on what a project is billed per 10 minutes, "evaluated
   * in a 10-minute rolling window", answered 429 RESOURCE_EXHAUSTED — the page shows no QuotaFailure for it, so
   * this answer carries only RetryInfo. A create's bill is its seconds × the per-second list price of its
   * resolution (Omni 1.2 Flash, quoted on https://docs.laozhang.ai/en/api-capabilities/gemini-omni-video-generation,
   * checked 2026-11-11), in US cents rounded up; an accepted create is billed at once.
   */
  const spendRefusal = (job: Job, now: number, windowMs: number): Refusal | undefined => {
    const cap = options.quota?.spendCentsPer10Minutes;
    const cost = Math.ceil((job.seconds * (TENTHS_OF_CENT_PER_SECOND[job.resolution] ?? 0)) / 10);
    const billed = spendLog.filter((entry) => entry.key === job.key && now - entry.at < windowMs);
    const spent = billed.reduce((sum, entry) => sum + entry.cents, 0);
    if (cap !== undefined && spent + cost > cap) {
      state.spendRefusals += 1;
      const waitMs = Math.max(1, Math.min(...billed.map((entry) => entry.at + windowMs - now)));
      return new Refusal(429, 'You exceeded your spend-based rate limit.', 'RESOURCE_EXHAUSTED', [
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${(waitMs / 1000).toFixed(3)}s` },
      ]);
    }
    spendLog.push({ key: job.key, at: now, cents: cost });
    state.maxSpendCents = Math.max(state.maxSpendCents, spent + cost);
    return undefined;
  };

  const countInFlight = (key: string) => {
    const now = Date.now();
    const inProgress = [...jobs.values()].filter((job) => job.key === key && generating(job, now)).length;
    state.maxInFlight = Math.max(state.maxInFlight, inProgress);
  };

  function finished(job: Job): boolean {
    job.polls += 1;
    if (job.outcome === 'never') return false;
    const webhooks = state.webhooks;
    if (webhooks ? Date.now() < job.createdAt + webhooks.generationMs : job.polls < state.pollsUntilDone)
      return false;
    if (generating(job, Date.now())) return false;
    if (!state.doneAt.has(operationName(job))) state.doneAt.set(operationName(job), preciseNow());
    return true;
  }

  const fileUri = (job: Job) => `${base}/files/${job.id}:download?alt=media`;

  async function interactionView(job: Job, done: boolean): Promise<Record<string, unknown>> {
    const view = { id: job.id, object: 'interaction', model: job.model, role: 'model' };
    const userStep = { type: 'user_input', content: [{ type: 'text', text: job.prompt }] };
    if (!done) return { ...view, status: 'in_progress', steps: [userStep] };
    if (job.prompt.includes('[action]')) return { ...view, status: 'requires_action', steps: [userStep] };
    if (job.outcome === 'error') {
      return {
        ...view,
        status: 'failed',
        steps: [userStep],
        error: { code: 13, message: 'Internal error generating video' },
      };
    }
    if (job.outcome === 'block') {
      return {
        ...view,
        status: 'completed',
        steps: [
          userStep,
          { type: 'model_output', content: [{ type: 'text', text: 'I cannot generate that video.' }] },
        ],
      };
    }
    const video = job.inline
      ? { type: 'video', mime_type: 'video/mp4', data: (await videoFor(job)).toString('base64') }
      : { type: 'video', mime_type: 'video/mp4', uri: fileUri(job) };
    return { ...view, status: 'completed', steps: [userStep, { type: 'model_output', content: [video] }] };
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const headerKey = request.headers['x-goog-api-key'];
    const queryKey = url.searchParams.get('key');
    if (queryKey) state.keyInUrl.push(`${request.method} ${url.pathname}`);
    const key = typeof headerKey === 'string' ? headerKey : (queryKey ?? '');
    if (!key)
      throw new Refusal(
        403,
        "Method doesn't allow unregistered callers. Please use an API key.",
        'PERMISSION_DENIED',
      );
    if (key !== (options.apiKey ?? API_KEY) && key !== OTHER_API_KEY) {
      throw new Refusal(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT', [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
        },
      ]);
    }
    const route = url.pathname;
    const method = request.method ?? 'GET';

    if (method === 'GET' && route === '/v1beta/models') {
      for (const name of url.searchParams.keys())
        if (!['pageSize', 'pageToken', 'key'].includes(name)) throw invalid(`Unknown parameter ${name}`);
      const start = Number(url.searchParams.get('pageToken') || 0);
      const size = Math.min(3, Number(url.searchParams.get('pageSize') || 50));
      const page = state.models.slice(start, start + size);
      return json(response, 200, {
        models: page.map((model) => ({
          name: `models/${model.id}`,
          displayName: model.id,
          supportedGenerationMethods: model.methods,
        })),
        ...(start + size < state.models.length ? { nextPageToken: String(start + size) } : {}),
      });
    }

    if (method === 'POST' && route === '/v1beta/interactions') {
      const body = JSON.parse(await readBody(request)) as unknown;
      if (!isObject(body)) throw invalid('the body must be an object');
      const prompt = typeof body.input === 'string' ? body.input : JSON.stringify(body.input ?? '');
      const limited = rateLimit(prompt);
      if (limited) throw limited;
      const job = checkInteraction(body, key);
      const refused = quotaRefusal(job);
      if (refused) {
        jobs.delete(job.id);
        throw refused;
      }
      countInFlight(key);
      state.submitBodies.push(body);
      if (job.outcome !== 'never') {
        const type = job.outcome === 'error' ? 'interaction.failed' : 'interaction.completed';
        state.webhooks?.schedule(
          { type, resourceId: job.id, prompt: job.prompt },
          job.createdAt + state.webhooks.generationMs,
          body.webhook_config,
        );
      }
      // [ERRORS] UNAVAILABLE "is not always safe to retry non-idempotent operations": the work may have started.
      if (prompt.includes('[lost]')) {
        throw new Refusal(503, 'The service is currently unavailable.', 'UNAVAILABLE');
      }
      if (state.createAnswerDelayMs > 0) await sleep(state.createAnswerDelayMs);
      const done = body.background !== true;
      job.background = !done;
      if (done) job.polls = state.pollsUntilDone;
      return json(response, 200, await interactionView(job, done && finished(job)));
    }

    const interaction = /^\/v1beta\/interactions\/([^/]+)$/.exec(route);
    if (method === 'GET' && interaction) {
      for (const name of url.searchParams.keys()) {
        if (!['stream', 'include_input', 'last_event_id', 'key'].includes(name))
          throw invalid(`Unknown parameter ${name}`);
      }
      state.polls += 1;
      if (state.pollDelayMs > 0) await sleep(state.pollDelayMs);
      if (Date.now() < state.unavailableUntil) {
        throw new Refusal(503, 'The service is currently unavailable.', 'UNAVAILABLE');
      }
      const job = jobs.get(interaction[1] ?? '');
      if (job?.kind !== 'interaction' || job.key !== key)
        throw new Refusal(404, 'Interaction not found.', 'NOT_FOUND');
      if (job.cancelled)
        return json(response, 200, { id: job.id, object: 'interaction', status: 'cancelled' });
      if (job.prompt.includes('[503]')) {
        const seen = unavailable.get(job.id) ?? 0;
        unavailable.set(job.id, seen + 1);
        if (seen % 3 < 2)
          throw new Refusal(503, 'The model is overloaded. Please try again later.', 'UNAVAILABLE');
      }
      return json(response, 200, await interactionView(job, finished(job)));
    }

    // [CANCEL] `@google/genai` 3.1.0 (dist/genai.d.ts, Interactions): `cancel(id)` — "Cancels an interaction by id.
    // This only applies to background interactions that are still running." — is `POST {version}/interactions/
    // {id}/cancel`; `delete(id)` — "Deletes the interaction by id." — is `DELETE {version}/interactions/{id}`.
    const cancel = /^\/v1beta\/interactions\/([^/]+)\/cancel$/.exec(route);
    if (method === 'POST' && cancel) {
      const job = jobs.get(cancel[1] ?? '');
      if (job?.kind !== 'interaction' || job.key !== key)
        throw new Refusal(404, 'Interaction not found.', 'NOT_FOUND');
      if (job.prompt.includes('[lastsecond]') && job.outcome === 'never') {
        job.outcome = 'success';
        job.polls = state.pollsUntilDone;
      }
      const open = job.prompt.includes('[action]');
      if (!job.background || (!open && job.outcome !== 'never' && job.polls >= state.pollsUntilDone)) {
        throw new Refusal(
          400,
          'Only a background interaction that is still running can be cancelled.',
          'FAILED_PRECONDITION',
        );
      }
      job.cancelled = true;
      state.cancelled.push(job.id);
      return json(response, 200, { id: job.id, object: 'interaction', status: 'cancelled' });
    }
    if (method === 'DELETE' && interaction) {
      const job = jobs.get(interaction[1] ?? '');
      if (job?.kind !== 'interaction' || job.key !== key)
        throw new Refusal(404, 'Interaction not found.', 'NOT_FOUND');
      jobs.delete(job.id);
      state.deleted.push(job.id);
      return json(response, 200, {});
    }

    const predict = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(route);
    if (method === 'POST' && predict) {
      const body = JSON.parse(await readBody(request)) as unknown;
      if (!isObject(body)) throw invalid('the body must be an object');
      const prompt = String((body.instances as { prompt?: string }[] | undefined)?.[0]?.prompt ?? '');
      const limited = rateLimit(prompt);
      if (limited) throw limited;
      const job = checkPredict(predict[1] ?? '', body, key);
      const refused = quotaRefusal(job);
      if (refused) {
        jobs.delete(job.id);
        throw refused;
      }
      countInFlight(key);
      state.submitBodies.push(body);
      if (job.outcome !== 'never') {
        state.webhooks?.schedule(
          { type: 'video.generated', resourceId: operationName(job), prompt: job.prompt },
          job.createdAt + state.webhooks.generationMs,
          undefined,
        );
      }
      // [ERRORS] INTERNAL "retry with back-off" — but the operation was started all the same.
      if (prompt.includes('[lost]')) throw new Refusal(500, 'An internal error has occurred.', 'INTERNAL');
      if (state.createAnswerDelayMs > 0) await sleep(state.createAnswerDelayMs);
      return json(response, 200, { name: operationName(job) });
    }

    const operation = /^\/v1beta\/models\/([^/]+)\/operations\/([^/]+)$/.exec(route);
    if (method === 'GET' && operation) {
      state.polls += 1;
      const job = jobs.get(operation[2] ?? '');
      if (job?.kind !== 'operation' || job.key !== key)
        throw new Refusal(404, 'Operation not found.', 'NOT_FOUND');
      const name = operationName(job);
      if (!finished(job)) return json(response, 200, { name, metadata: {} });
      const type = 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse';
      if (job.outcome === 'error')
        return json(response, 200, {
          name,
          done: true,
          error: { code: 13, message: 'Internal error generating video' },
        });
      if (job.outcome === 'block') {
        return json(response, 200, {
          name,
          done: true,
          response: {
            '@type': type,
            generateVideoResponse: {
              raiMediaFilteredCount: 1,
              raiMediaFilteredReasons: ['The prompt could not be submitted.'],
            },
          },
        });
      }
      return json(response, 200, {
        name,
        done: true,
        response: {
          '@type': type,
          generateVideoResponse: { generatedSamples: [{ video: { uri: fileUri(job) } }] },
        },
      });
    }

    const file = /^\/v1beta\/files\/([^/:]+)(:download)?$/.exec(route);
    if (method === 'GET' && file) {
      const job = jobs.get(file[1] ?? '');
      if (!job || job.key !== key) throw new Refusal(404, 'File not found.', 'NOT_FOUND');
      if (!file[2]) {
        // [OMNI] a URI-delivered file is PROCESSING before it is ACTIVE.
        job.fileChecks += 1;
        return json(response, 200, {
          name: `files/${job.id}`,
          mimeType: 'video/mp4',
          state: job.fileChecks > 1 ? 'ACTIVE' : 'PROCESSING',
        });
      }
      if (url.searchParams.get('alt') !== 'media') throw invalid('alt=media is required');
      if (!state.downloadAt.has(operationName(job))) state.downloadAt.set(operationName(job), preciseNow());
      response.writeHead(302, { location: `${downloadOrigin}/storage/${job.id}?signature=${randomUUID()}` });
      response.end();
      return;
    }

    const generate = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(route);
    if (method === 'POST' && generate) {
      const model = generate[1] ?? '';
      if (!served(model)?.methods.includes('generateContent')) throw notFound(model, 'generateContent');
      const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      onlyFields(body, ['contents', 'generationConfig', 'systemInstruction'], 'GenerateContentRequest');
      const config = isObject(body.generationConfig) ? body.generationConfig : {};
      // Sampling parameters are deprecated for the 3.6+ Flash models (changelog 2026-07-21): not accepted here.
      onlyFields(
        config,
        ['responseMimeType', 'responseSchema', 'responseJsonSchema', 'thinkingConfig'],
        'generationConfig',
      );
      if (
        config.responseMimeType !== 'application/json' ||
        !(config.responseSchema || config.responseJsonSchema)
      ) {
        throw invalid('this fake answers JSON with a schema only');
      }
      const video = inlineVideo(body.contents);
      if (video && asksForCues(config)) {
        state.transcriptions.push({ bytes: video.length });
        const answer = JSON.stringify(await transcriptFor(video, dir));
        return json(response, 200, {
          candidates: [{ content: { role: 'model', parts: [{ text: answer }] }, finishReason: 'STOP' }],
          modelVersion: model,
        });
      }
      if (video) {
        const text = JSON.stringify(body.contents, (key, value) => (key === 'data' ? '…' : value));
        const seenBefore = state.videoJudgements.some((judgement) => judgement.text === text);
        state.videoJudgements.push({ bytes: video.length, text });
        return json(response, 200, {
          candidates: [
            {
              content: { role: 'model', parts: [{ text: JSON.stringify(verdictFor(text, seenBefore)) }] },
              finishReason: 'STOP',
            },
          ],
          modelVersion: model,
        });
      }
      const text = JSON.stringify(body.contents ?? '');
      state.textPrompts.push(text);
      if (text.includes('[slowtext]')) await new Promise((resolve) => setTimeout(resolve, 5_000));
      const answer = text.includes('[badjson]') ? 'not json' : JSON.stringify(FAKE_STRUCTURED_PROMPT);
      return json(response, 200, {
        candidates: [{ content: { role: 'model', parts: [{ text: answer }] }, finishReason: 'STOP' }],
        modelVersion: model,
      });
    }
    throw new Refusal(404, `no route ${method} ${route}`, 'NOT_FOUND');
  }

  const api: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    state.requests.push({
      server: 'api',
      method: request.method ?? '',
      path: url.pathname,
      hasKey: Boolean(request.headers['x-goog-api-key'] || url.searchParams.get('key')),
    });
    handleApi(request, response, url).catch((error: unknown) => {
      if (response.headersSent) return;
      if (error instanceof Refusal) {
        if (error.status === 400 && !error.message.startsWith('API key'))
          state.refusals.push({ path: url.pathname, message: error.message });
        return googleError(response, error);
      }
      if (error instanceof SyntaxError)
        return googleError(response, invalid('Invalid JSON payload received.'));
      json(response, 500, { error: { code: 500, message: (error as Error).message, status: 'INTERNAL' } });
    });
  });

  const storage: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const hasKey = Boolean(request.headers['x-goog-api-key'] || url.searchParams.get('key'));
    state.requests.push({ server: 'download', method: request.method ?? '', path: url.pathname, hasKey });
    if (hasKey) {
      state.keyLeaks.push(`${request.method} ${url.pathname}`);
      return json(response, 400, { error: { code: 400, message: 'an API key reached the storage origin' } });
    }
    state.downloads += 1;
    const job = jobs.get(url.pathname.replace('/storage/', ''));
    if (!job || !url.searchParams.get('signature'))
      return json(response, 403, { error: { code: 403, message: 'bad signature' } });
    if (job.prompt.includes('[dl503]')) {
      const seen = failedDownloads.get(job.id) ?? 0;
      failedDownloads.set(job.id, seen + 1);
      if (seen < 2) return json(response, 503, { error: { code: 503, message: 'Service Unavailable' } });
    }
    const cut = job.prompt.includes('[dlcut]') && !cutDownloads.has(job.id);
    if (cut) cutDownloads.add(job.id);
    (job.outcome === 'badfile' ? Promise.resolve(Buffer.from('not a video')) : videoFor(job)).then(
      (body) => {
        if (cut) {
          response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': body.length });
          response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.socket?.destroy());
          return;
        }
        response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': body.length });
        response.end(body);
      },
      (error: Error) => json(response, 500, { error: { code: 500, message: error.message } }),
    );
  });

  base = `${await listen(api)}/v1beta`;
  downloadOrigin = await listen(storage);
  state.base = base;
  state.downloadOrigin = downloadOrigin;
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
    firstFrameKey?: string;
    /** Already given its slot and its job by the test itself: not work for a running dispatcher. */
    dispatched?: boolean;
  },
): Promise<{ id: string; holdId: string; cost: number }> {
  const { hold } = await import('#server/credits/ledger-holds.server');
  const { VIDEO_COST_CREDITS } = await import('#shared/catalogue');
  const id = randomUUID();
  const quality = args.quality ?? 'fast';
  const cost = VIDEO_COST_CREDITS[quality];
  const held = await hold(pool, { userId: args.userId, amount: cost, reference: `video:${id}` });
  if (!held.ok) throw new Error('test user has too few credits');
  await pool.query(
    `INSERT INTO video_requests
       (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, hold_id, created_at, queued_at,
        updated_at, first_frame_key, dispatched_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $9, $9, $10, CASE WHEN $11 THEN $9::timestamptz END)`,
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
      args.firstFrameKey ?? null,
      args.dispatched ?? false,
    ],
  );
  return { id, holdId: held.hold.id, cost };
}
