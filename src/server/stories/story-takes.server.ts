import path from 'node:path';
import { castSnapshot, findCastMembers } from '#server/cast/cast.server';
import { buildStructuredPrompt } from '#server/generation/generation.server';
import { lastFrameKey } from '#server/media/media.server';
import type { BlobStorage } from '#server/storage/storage.server';
import type { VideoRequestRecord } from '#server/video-requests/video-requests.server';
import { type CreateVideoInput, videoRequestIdFor } from '#server/videos/videos.server';
import { LEFT_TO_THE_MODEL } from '#shared/prompt-preview';
import type { StructuredPrompt } from '#shared/video-request';
import type { ShotRecord, StoryRecord } from './story-store.server';

/**
 * A shot's draft as a video request (ADR 0062): the shot's words and the story's tone written into the structured
 * prompt (`builtBy: roteiro`, so the prompt writer leaves it as it is), its line in quotes as Google's guide asks
 * for spoken lines (VEO_GUIDE "Prompting for audio": "Use quotes for specific speech", src/shared/video-models.ts),
 * its cast's images as references, and — for a continuity shot — the previous shot's take to open on.
 */

/** `builtBy` of a shot's structured prompt. */
const STORY_PROMPT_BY = 'roteiro';

/** A take's clientKey, from the tap's and the shot's: a retried tap lands on the same requests and holds. */
export const takeKey = (clientKey: string, purpose: string, shotId: string) =>
  videoRequestIdFor(`story-${purpose}:${shotId}`, clientKey);

/** The request id a take's clientKey gives (create's rule, src/server/videos). */
export const videoRequestIdOf = (userId: string, clientKey: string) => videoRequestIdFor(userId, clientKey);

const leftToModel = LEFT_TO_THE_MODEL.pt;
const orLeft = (text: string | null | undefined) => (text?.trim() ? text.trim() : leftToModel);

/** The line as the video model reads it: who says it, then the words in quotes. */
const spokenLine = (dialogue: { speaker: string; line: string }) =>
  `${dialogue.speaker} diz: "${dialogue.line}"`;

function structuredPromptOf(story: StoryRecord, shot: ShotRecord, castNames: string[]): StructuredPrompt {
  const rules = buildStructuredPrompt(shot.prompt);
  return {
    subject: castNames.length > 0 ? castNames.join(', ') : rules.subject,
    action: shot.prompt,
    scene: orLeft(shot.setting),
    camera: orLeft(shot.camera),
    lighting: rules.lighting,
    style: orLeft(story.tone),
    audio: shot.dialogue ? spokenLine(shot.dialogue) : rules.audio,
    negative: rules.negative,
    builtBy: STORY_PROMPT_BY,
  };
}

/**
 * The story's own copy of a cast member's image (written once): a member edited or deleted later leaves the
 * story's takes as they were, as a request's copies do (src/server/videos).
 */
async function castImageCopies(
  storage: BlobStorage,
  story: StoryRecord,
  member: { id: string; imageKeys: string[] },
) {
  return Promise.all(
    member.imageKeys.map(async (key, index) => {
      const copy = `${story.userId}/stories/${story.id}/cast-${member.id}-${index + 1}${path.extname(key)}`;
      if (!(await storage.exists(copy))) {
        const type = key.endsWith('.png') ? 'image/png' : key.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
        await storage.put(copy, await storage.getStream(key), type);
      }
      return copy;
    }),
  );
}

export interface TakeContext {
  storage: BlobStorage;
  pool: Parameters<typeof findCastMembers>[0];
  story: StoryRecord;
}

/**
 * The create input of one draft of `shot`; `opensOn` is the request whose last frame a continuity shot opens on
 * (none: the shot is drafted as a cut). Undefined when the shot's cast is no longer the user's.
 */
export async function draftInput(
  context: TakeContext,
  shot: ShotRecord,
  take: { clientKey: string; opensOn: string | null },
): Promise<CreateVideoInput | undefined> {
  const { story } = context;
  const cast = await findCastMembers(context.pool, story.userId, shot.castIds);
  if (!cast) return undefined;
  const references = (
    await Promise.all(cast.map((member) => castImageCopies(context.storage, story, member)))
  ).flat();
  const opensOn = shot.join === 'continue' ? take.opensOn : null;
  return {
    userId: story.userId,
    clientKey: take.clientKey,
    prompt: shot.prompt,
    quality: 'draft',
    aspectRatio: story.aspectRatio,
    clipSeconds: shot.seconds,
    masterResolution: null,
    seed: null,
    firstFrameKey: opensOn ? lastFrameKey(story.userId, opensOn) : null,
    referenceImageKeys: references,
    cast: cast.map(castSnapshot),
    structuredPrompt: structuredPromptOf(
      story,
      shot,
      cast.map((member) => member.name),
    ),
    opensOnRequestId: opensOn,
    storyId: story.id,
  };
}

/** The take a continuity shot opens on: the shot before's current take, unless it failed. */
export function openableTake(shot: ShotRecord | undefined, takes: ReadonlyMap<string, VideoRequestRecord>) {
  const id = shot ? (shot.pickedTakeId ?? shot.takeIds.at(-1)) : undefined;
  const take = id ? takes.get(id) : undefined;
  return take && take.status !== 'failed' ? take.id : null;
}
