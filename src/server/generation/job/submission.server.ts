import type { Readable } from 'node:stream';
import { storeLastFrame } from '#server/media/media.server';
import type { ProviderImage, VideoGenerationInput } from '#server/video-providers/video-providers.server';
import { structuredPromptText } from '#shared/prompt-preview';
import { providerAspectRatio, requestResolution } from '#shared/video-models';
import { chosenFieldsOf, detectImageType } from '#shared/video-request';
import { STRUCTURED_PROMPT_RULES } from '../structured-prompt.server';
import {
  isAbort,
  type JobRun,
  type PipelineDeps,
  RequestFailure,
  type RequestRow,
  type SourceRow,
} from './job-types.server';
import { FINAL_SQL, loadOpenedOn, loadSource } from './request-row.server';
import { sourceFiles } from './source-files.server';

/** What the submit step sends: everything the provider is asked for, read once before the create. */

/**
 * An extension whose first frame was named at its creation is a new shot from the source's last frame
 * (src/shared/video-directing.ts `extensionPlan`); any other extension continues the model's take.
 */
export function isNewShot(row: RequestRow): boolean {
  return Boolean(row.extendsRequestId && row.firstFrameKey);
}

/**
 * The provider's prompt: the user's words and the structured prompt's fields as prose (structuredPromptText), else
 * the user's text. The JSON is kept for the request page's technical info.
 */
export function providerPrompt(row: Pick<RequestRow, 'prompt' | 'structuredPrompt'>): {
  prompt: string;
  negativePrompt: string | undefined;
} {
  if (!row.structuredPrompt) return { prompt: row.prompt, negativePrompt: undefined };
  return {
    prompt: structuredPromptText(row.prompt, row.structuredPrompt),
    negativePrompt: row.structuredPrompt.negative || undefined,
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function readImage(deps: PipelineDeps, key: string): Promise<ProviderImage> {
  const bytes = await readAll(await deps.storage.getStream(key));
  const mimeType = detectImageType(bytes);
  if (!mimeType) throw new RequestFailure('provider', 'stored reference image is not an image');
  return { bytes, mimeType };
}

/** The source's last frame, written under the key the request names unless a branch already wrote it. */
async function ensureLastFrame(run: JobRun, source: SourceRow, key: string): Promise<void> {
  const { deps, signal } = run;
  if (await deps.storage.exists(key)) return;
  try {
    const video = await deps.storage.getStream((await sourceFiles(deps, source)).modelFraming);
    await storeLastFrame({ video, storage: deps.storage, key, tools: deps.tools, signal });
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw new RequestFailure('render', `could not take the source's last frame: ${(error as Error).message}`);
  }
}

/**
 * After the hold, before the only submit: the text model writes the structured prompt (its own fallback is the
 * rules' prompt, which the request already has). Stored so the technical info shows what the video model read.
 */
async function withWrittenPrompt(run: JobRun): Promise<RequestRow> {
  const { deps, row } = run;
  // An extension or an edit sends the user's own words to the model that holds the scene: nothing to expand.
  if (row.extendsRequestId || row.editsRequestId) return row;
  const builtBy = row.structuredPrompt?.builtBy ?? STRUCTURED_PROMPT_RULES;
  if (!deps.writePrompt || builtBy !== STRUCTURED_PROMPT_RULES) return row;
  const written = await deps.writePrompt(row.prompt, run.signal);
  if (written.builtBy === STRUCTURED_PROMPT_RULES) return row;
  await deps.pool.query(
    `UPDATE video_requests SET structured_prompt = $2, updated_at = now()
     WHERE id = $1 AND operation_name IS NULL AND ${FINAL_SQL}`,
    [row.id, JSON.stringify(written)],
  );
  return { ...row, structuredPrompt: written };
}

/** An extension or edit is made by its source's model (stored with it at its creation), not today's setting. */
function sourceModel(row: RequestRow): string | undefined {
  return (row.extendsRequestId ?? row.editsRequestId) ? (row.model ?? undefined) : undefined;
}

/** The create's body: the prompt (written once), the images and, for a derivation, its source. */
export async function buildSubmission(run: JobRun): Promise<VideoGenerationInput> {
  const row = await withWrittenPrompt(run);
  const source = await loadSource(run.deps.pool, row);
  const newShot = isNewShot(row);
  if (newShot && source && row.firstFrameKey) await ensureLastFrame(run, source, row.firstFrameKey);
  // A story's continuity shot opens on the last frame of the shot before it, completed by now (the fair queue
  // held it until then, ADR 0062).
  const openedOn = await loadOpenedOn(run.deps.pool, row);
  if (openedOn && row.firstFrameKey) await ensureLastFrame(run, openedOn, row.firstFrameKey);
  const image = row.firstFrameKey ? await readImage(run.deps, row.firstFrameKey) : undefined;
  const lastFrame = row.lastFrameKey ? await readImage(run.deps, row.lastFrameKey) : undefined;
  const referenceImages: ProviderImage[] = [];
  for (const key of row.referenceImageKeys) referenceImages.push(await readImage(run.deps, key));
  const { prompt, negativePrompt } = providerPrompt(row);
  return {
    // Every chosen field as stored, copied by key (ADR 0051); the prompt and the ratio are overridden below.
    ...chosenFieldsOf(row),
    requestId: row.id,
    // A continued take is made by its source's model; a new shot is a new video, by the mode's model of today.
    model: newShot ? undefined : sourceModel(row),
    prompt,
    userPrompt: row.prompt,
    negativePrompt,
    resolution: requestResolution(row.quality, row.masterResolution),
    // Only 16:9 and 9:16 are asked for; 1:1 and 4:3 are cropped from 16:9 in the rendering step.
    aspectRatio: providerAspectRatio(row.aspectRatio),
    seed: row.seed,
    image,
    lastFrame,
    referenceImages,
    // A new shot is a new video (image-to-video) that opens on the source's last frame; Cena joins it.
    derivation:
      source && !newShot
        ? {
            kind: row.extendsRequestId ? ('extend' as const) : ('edit' as const),
            sourceOperationName: source.operationName,
            sourceDeliveredSeconds: source.deliveredSeconds ?? 0,
          }
        : undefined,
    continuesShot: newShot,
  };
}
