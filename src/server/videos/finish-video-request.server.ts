import type { CapabilitiesOf } from '#server/video-requests/video-requests.server';
import { clipProblems, type FinishVideoBody } from '#shared/video-request-form';
import {
  type CreateVideoDeps,
  type CreateVideoResult,
  createVideoRequest,
  replayOrSource,
  sameInputsAs,
} from './create-video-request.server';

/**
 * 'Finalizar' (ADR 0033): a completed video — a draft, usually — made again in Fast, Quality or a 4K master with the
 * same inputs (the prompt as sent, the structured prompt, seed, images, cast, ratio and length), as a new request
 * linked to its source (its versions tree shows it) with its own hold; everything else (idempotency by clientKey,
 * 402, rate limit) is the create path's. It is a new generation, not an upscale of the stored interaction: the
 * Gemini API's Omni guide documents no upscale task (Vertex AI's Agent Platform documents one for 1.2 Flash only,
 * https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/video/upscale-videos), so the finished
 * video follows the same inputs but is not frame for frame the draft, which the answer and the dialog say.
 */

export type FinishVideoResult =
  | CreateVideoResult
  | { kind: 'not_found' }
  | { kind: 'refused'; reason: string }
  | { kind: 'invalid'; fields: Record<string, string> };

export const FINISH_NOT_COMPLETED = 'Só um vídeo concluído pode ser finalizado.';
const FINISH_FILM = 'Um filme é montado dos seus vídeos: finalize cada cena antes de montá-lo.';

export async function finishVideoRequest(
  deps: CreateVideoDeps & { capabilities: CapabilitiesOf },
  input: FinishVideoBody & { userId: string; sourceId: string },
  now: Date = new Date(),
): Promise<FinishVideoResult> {
  const found = await replayOrSource(deps.pool, input);
  if (found.kind !== 'source') return found;
  const { source } = found;
  if (source.film) return { kind: 'refused', reason: FINISH_FILM };
  if (source.status !== 'completed') return { kind: 'refused', reason: FINISH_NOT_COMPLETED };
  // The source's length must be one the new mode's model makes, like a create's.
  const fields = clipProblems(
    { quality: input.quality, clipSeconds: source.clipSeconds, resolution: input.resolution },
    deps.capabilities(input.quality),
  );
  if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };
  return createVideoRequest(
    deps,
    {
      userId: input.userId,
      clientKey: input.clientKey,
      ...sameInputsAs(source),
      quality: input.quality,
      masterResolution: input.resolution ?? null,
      finishesRequestId: source.id,
    },
    now,
  );
}
