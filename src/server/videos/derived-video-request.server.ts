import { lastFrameKey } from '#server/media/media.server';
import { type CapabilitiesOf, derivationSourceOf } from '#server/video-requests/video-requests.server';
import { editRefusal, extensionPlan } from '#shared/video-directing';
import { chosenFieldsOf } from '#shared/video-request';
import {
  type CreateVideoDeps,
  type CreateVideoResult,
  createVideoRequest,
  replayOrSource,
} from './create-video-request.server';

/**
 * Extending or editing a completed video (src/shared/video-directing.ts, ADR 0011): a new request linked to its
 * source, with the source's mode and ratio, its own hold at the price of a new video of that mode, and its own
 * job — everything else (idempotency by clientKey, 402, rate limit, one transaction) is the create path's.
 * The source is only read: a completed request never changes, so concurrent extensions of one source are
 * independent branches and need no lock. An extension is the same take or a new shot from the source's last frame
 * (`extensionPlan`); a new shot is recorded as an extension whose first frame is that frame.
 */

export type DerivedVideoResult =
  | CreateVideoResult
  | { kind: 'not_found' }
  | { kind: 'refused'; reason: string };

export interface DerivedVideoInput {
  userId: string;
  sourceId: string;
  clientKey: string;
  derivation: 'extend' | 'edit';
  /** What happens next (extend) or the instruction (edit). */
  text: string;
}

export async function createDerivedVideoRequest(
  deps: CreateVideoDeps & { capabilities: CapabilitiesOf },
  input: DerivedVideoInput,
  now: Date = new Date(),
): Promise<DerivedVideoResult> {
  const found = await replayOrSource(deps.pool, input);
  if (found.kind !== 'source') return found;
  const { source } = found;
  // A continued take is the source's model's (stored with it), not the one the mode names today; a new shot is a
  // new video, by the mode's model of today.
  const sourceCapabilities = deps.capabilities(source.quality, source.model);
  let newShot = false;
  if (input.derivation === 'extend') {
    const plan = extensionPlan(
      derivationSourceOf(source),
      sourceCapabilities,
      now,
      deps.capabilities(source.quality),
    );
    if (!plan.allowed) return { kind: 'refused', reason: plan.refusal };
    // A new shot's first frame is the source's last frame, named here so the choice made before the hold is the
    // one the pipeline follows (it writes the frame when it submits).
    newShot = plan.continuation === 'new-shot';
  } else {
    const reason = editRefusal(derivationSourceOf(source), sourceCapabilities, now);
    if (reason) return { kind: 'refused', reason };
  }
  return createVideoRequest(
    deps,
    {
      userId: input.userId,
      clientKey: input.clientKey,
      // The source's choices (its mode and ratio among them), with the new instruction as the prompt.
      ...chosenFieldsOf(source),
      prompt: input.text,
      seed: source.seed,
      firstFrameKey: newShot ? lastFrameKey(source.userId, source.id) : null,
      extendsRequestId: input.derivation === 'extend' ? source.id : null,
      editsRequestId: input.derivation === 'edit' ? source.id : null,
    },
    now,
  );
}
