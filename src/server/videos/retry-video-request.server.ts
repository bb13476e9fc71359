import type { CapabilitiesOf, VideoRequestRecord } from '#server/video-requests/video-requests.server';
import { clipProblems, type RetryVideoBody } from '#shared/video-request-form';
import {
  type CreateVideoDeps,
  type CreateVideoResult,
  createVideoRequest,
  replayOrSource,
  sameInputsAs,
} from './create-video-request.server';
import { createDerivedVideoRequest } from './derived-video-request.server';

/**
 * 'Tentar de novo': a failed request made again with the same inputs — the prompt as the user wrote it, the
 * structured prompt, mode, Quality's master, ratio, clip length, seed, images and cast — as a NEW request with its
 * own hold (the failed one's was voided when it failed). One video even when the failed one was a variation. The
 * images are the failed request's stored copies, shared like 'Finalizar' shares them (ADR 0033): a request's images
 * are never deleted on their own, only with the account. Everything else (idempotency by clientKey, 402, rate
 * limit, a mode Google stopped serving) is the create path's; a failed extension or edit is made again through the
 * derivation path, which judges its source again.
 */

export type RetryVideoResult =
  | CreateVideoResult
  | { kind: 'not_found' }
  | { kind: 'refused'; reason: string };

export const RETRY_NOT_FAILED = 'Só uma solicitação que falhou pode ser tentada de novo.';
const RETRY_FILM = 'Um filme é montado dos seus vídeos: monte-o de novo em Montar filme.';

type RetryDeps = CreateVideoDeps & { capabilities: CapabilitiesOf };

export async function retryVideoRequest(
  deps: RetryDeps,
  input: RetryVideoBody & { userId: string; failedId: string },
  now: Date = new Date(),
): Promise<RetryVideoResult> {
  const found = await replayOrSource(deps.pool, { ...input, sourceId: input.failedId });
  if (found.kind !== 'source') return found;
  const failed = found.source;
  if (failed.film) return { kind: 'refused', reason: RETRY_FILM };
  if (failed.status !== 'failed') return { kind: 'refused', reason: RETRY_NOT_FAILED };
  const sourceId = failed.extendsRequestId ?? failed.editsRequestId;
  if (sourceId) {
    return createDerivedVideoRequest(
      deps,
      {
        userId: input.userId,
        sourceId,
        clientKey: input.clientKey,
        derivation: failed.extendsRequestId ? 'extend' : 'edit',
        text: failed.prompt,
      },
      now,
    );
  }
  return retryOriginal(deps, failed, input.clientKey, now);
}

/** A new video (or a finish) again: the failed row's own inputs, if its mode's model still makes them. */
async function retryOriginal(
  deps: RetryDeps,
  failed: VideoRequestRecord,
  clientKey: string,
  now: Date,
): Promise<RetryVideoResult> {
  const problems = clipProblems(
    {
      quality: failed.quality,
      clipSeconds: failed.clipSeconds,
      resolution: failed.masterResolution ?? undefined,
    },
    deps.capabilities(failed.quality),
  );
  const problem = problems.clipSeconds ?? problems.resolution;
  if (problem) return { kind: 'refused', reason: problem };
  return createVideoRequest(
    deps,
    {
      userId: failed.userId,
      clientKey,
      ...sameInputsAs(failed),
      finishesRequestId: failed.finishesRequestId,
    },
    now,
  );
}
