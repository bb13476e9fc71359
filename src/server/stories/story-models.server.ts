import { findCastMembers } from '#server/cast/cast.server';
import type { VideoConfig } from '#server/config.server';
import type { CapabilitiesOf } from '#server/video-requests/video-requests.server';
import { modelModeOf, VIDEO_QUALITIES } from '#shared/catalogue';
import { STORY_MESSAGES, type StoryModelFacts } from '#shared/stories';
import { modelSpeaks } from '#shared/video-model-speech';

/**
 * What the modes' models take per shot (src/shared/video-models.ts, ADR 0062): a shot is drafted on the draft
 * mode's model and finished on Fast's or Quality's, so its length must be one every mode takes and its references
 * at most the fewest any takes.
 */
export function storyModelFacts(capabilities: CapabilitiesOf, speaks: boolean): StoryModelFacts {
  const modes = VIDEO_QUALITIES.map((quality) => capabilities(quality));
  const [first] = modes;
  return {
    clipSecondsChoices: (first?.clipSecondsChoices ?? []).filter((seconds) =>
      modes.every((mode) => mode.clipSecondsChoices.includes(seconds)),
    ),
    referencesPerShot: Math.min(...modes.map((mode) => mode.referenceImagesMax)),
    speaks,
  };
}

/**
 * Whether every mode's model speaks written lines (src/shared/video-model-speech.ts). The local
 * renderer draws a tone, not a voice: its stories keep their lines in the captions only.
 */
export function modelsSpeak(video: Pick<VideoConfig, 'provider' | 'gemini'>): boolean {
  if (video.provider === 'local') return false;
  return VIDEO_QUALITIES.every((quality) => modelSpeaks(video.gemini.models[modelModeOf(quality)]));
}

export type PlanProblem =
  | { kind: 'cast_not_found' }
  | { kind: 'clip_seconds_refused' | 'cast_does_not_fit'; message: string };

/**
 * Why a plan cannot be made (its lengths, its cast's owner, its references per shot), checked before anything is
 * saved or held; undefined when it can.
 */
export async function planProblem(
  db: Parameters<typeof findCastMembers>[0],
  userId: string,
  shots: readonly { seconds: number; castIds: readonly string[] }[],
  facts: StoryModelFacts,
): Promise<PlanProblem | undefined> {
  for (const [index, shot] of shots.entries()) {
    if (!facts.clipSecondsChoices.includes(shot.seconds)) {
      const message = STORY_MESSAGES.lengthRefused(index + 1, facts.clipSecondsChoices);
      return { kind: 'clip_seconds_refused', message };
    }
  }
  const ids = [...new Set(shots.flatMap((shot) => shot.castIds))];
  const members = await findCastMembers(db, userId, ids);
  if (!members) return { kind: 'cast_not_found' };
  const images = new Map(members.map((member) => [member.id, member.imageKeys.length]));
  for (const [index, shot] of shots.entries()) {
    const count = shot.castIds.reduce((sum, id) => sum + (images.get(id) ?? 0), 0);
    if (count > facts.referencesPerShot) {
      return {
        kind: 'cast_does_not_fit',
        message: STORY_MESSAGES.tooManyCast(index + 1, facts.referencesPerShot),
      };
    }
  }
  return undefined;
}
