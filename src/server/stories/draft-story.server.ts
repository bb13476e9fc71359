import type pg from 'pg';
import { VIDEO_REQUEST_COLUMNS, type VideoRequestRecord } from '#server/video-requests/video-requests.server';
import { type CreateVideoInput, createRequestGroup } from '#server/videos/videos.server';
import { createDepsOf, factsOf, type HoldRefusal, type StoriesDeps } from './stories-answers.server';
import { type PlanProblem, planProblem } from './story-models.server';
import { findStory, type ShotRecord, type StoryRows } from './story-store.server';
import { draftInput, openableTake, takeKey, videoRequestIdOf } from './story-takes.server';

/**
 * Drafting a story at 360p (ADR 0062): every shot without a live or completed take becomes a draft request of the
 * story, all held in one transaction and each charged apart when it completes or refunded alone when it fails (as
 * variations are, ADR 0016); the shot names its new take in that same transaction. A continuity shot opens on the
 * shot before's take — drafted in the same call or earlier — and waits in the fair queue until it is completed.
 * Re-rolling is the same for one shot, whatever its takes. A tap's clientKey makes every take's key, so a retry
 * answers with what the first made.
 */

export type DraftResult =
  | { kind: 'created' | 'existing'; rows: StoryRows; requestIds: string[] }
  | { kind: 'not_found' | 'nothing_to_draft' | 'shot_not_found' | 'shot_busy' }
  | HoldRefusal
  | PlanProblem;

const FINAL = ['completed', 'failed'];

async function takesOf(pool: pg.Pool, shots: readonly ShotRecord[]) {
  const ids = shots.flatMap((shot) => shot.takeIds);
  const found = await pool.query<VideoRequestRecord>(
    `SELECT ${VIDEO_REQUEST_COLUMNS} FROM video_requests WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(found.rows.map((row) => [row.id, row]));
}

/** Whether a shot needs a draft: it has none, or its newest failed. */
function needsDraft(shot: ShotRecord, takes: ReadonlyMap<string, VideoRequestRecord>) {
  const newest = shot.takeIds.at(-1);
  return !newest || takes.get(newest)?.status === 'failed';
}

/** The story's requests already made with this tap's keys (a replay), in the shots' order. */
async function replayed(pool: pg.Pool, rows: StoryRows, clientKey: string, purpose: string) {
  const ids = rows.shots.map((shot) =>
    videoRequestIdOf(rows.story.userId, takeKey(clientKey, purpose, shot.id)),
  );
  const found = await pool.query<{ id: string }>(
    'SELECT id FROM video_requests WHERE user_id = $1 AND id = ANY($2::uuid[]) ORDER BY array_position($2::uuid[], id)',
    [rows.story.userId, ids],
  );
  return found.rows.map((row) => row.id);
}

async function holdTakes(
  deps: StoriesDeps,
  rows: StoryRows,
  planned: { shot: ShotRecord; input: CreateVideoInput }[],
): Promise<DraftResult> {
  const result = await createRequestGroup(
    createDepsOf(deps),
    { userId: rows.story.userId, inputs: planned.map((take) => take.input) },
    async (client, requests) => {
      await client.query('SELECT 1 FROM stories WHERE id = $1 FOR UPDATE', [rows.story.id]);
      for (const [index, request] of requests.entries()) {
        const shot = planned[index]?.shot;
        const named = await client.query(
          `UPDATE story_shots SET take_ids = array_append(take_ids, $2::uuid), picked_take_id = NULL,
             updated_at = now() WHERE id = $1`,
          [shot?.id, request.id],
        );
        // The shot was removed by an edit meanwhile: nothing of this tap is kept.
        if (named.rowCount !== 1) throw new Error(`story shot ${shot?.id} is gone`);
      }
    },
  );
  if (result.kind !== 'created' && result.kind !== 'existing') return result;
  const saved = await findStory(deps.pool, rows.story.userId, rows.story.id);
  if (!saved) return { kind: 'not_found' };
  return { kind: result.kind, rows: saved, requestIds: result.requests.map((request) => request.id) };
}

/** The inputs of the shots to draft, in order, each continuity shot opening on the take before it. */
async function plannedTakes(
  deps: StoriesDeps,
  rows: StoryRows,
  chosen: (shot: ShotRecord) => boolean,
  keyOf: (shot: ShotRecord) => string,
) {
  const takes = await takesOf(deps.pool, rows.shots);
  const planned: { shot: ShotRecord; input: CreateVideoInput }[] = [];
  let before: string | null = null;
  for (const shot of rows.shots) {
    if (chosen(shot)) {
      const input = await draftInput({ storage: deps.storage, pool: deps.pool, story: rows.story }, shot, {
        clientKey: keyOf(shot),
        opensOn: before,
      });
      if (!input) return undefined;
      planned.push({ shot, input });
      before = videoRequestIdOf(rows.story.userId, input.clientKey);
    } else {
      before = openableTake(shot, takes);
    }
  }
  return { planned, takes };
}

export async function draftStory(
  deps: StoriesDeps,
  userId: string,
  storyId: string,
  clientKey: string,
): Promise<DraftResult> {
  const rows = await findStory(deps.pool, userId, storyId);
  if (!rows) return { kind: 'not_found' };
  const again = await replayed(deps.pool, rows, clientKey, 'draft');
  if (again.length > 0) return { kind: 'existing', rows, requestIds: again };
  const problem = await planProblem(deps.pool, userId, rows.shots, factsOf(deps));
  if (problem) return problem;
  const takes = await takesOf(deps.pool, rows.shots);
  const found = await plannedTakes(
    deps,
    rows,
    (shot) => needsDraft(shot, takes),
    (shot) => takeKey(clientKey, 'draft', shot.id),
  );
  if (!found) return { kind: 'cast_not_found' };
  if (found.planned.length === 0) return { kind: 'nothing_to_draft' };
  return holdTakes(deps, rows, found.planned);
}

export async function rerollShot(
  deps: StoriesDeps,
  userId: string,
  input: { storyId: string; shotId: string; clientKey: string },
): Promise<DraftResult> {
  const rows = await findStory(deps.pool, userId, input.storyId);
  if (!rows) return { kind: 'not_found' };
  const shot = rows.shots.find((candidate) => candidate.id === input.shotId.toLowerCase());
  if (!shot) return { kind: 'shot_not_found' };
  const key = takeKey(input.clientKey, 'reroll', shot.id);
  const again = await replayed(deps.pool, { ...rows, shots: [shot] }, input.clientKey, 'reroll');
  if (again.length > 0) return { kind: 'existing', rows, requestIds: again };
  const problem = await planProblem(deps.pool, userId, [shot], factsOf(deps));
  if (problem) return problem;
  const found = await plannedTakes(
    deps,
    rows,
    (candidate) => candidate.id === shot.id,
    () => key,
  );
  if (!found) return { kind: 'cast_not_found' };
  const newest = found.takes.get(shot.takeIds.at(-1) ?? '');
  if (newest && !FINAL.includes(newest.status)) return { kind: 'shot_busy' };
  return holdTakes(deps, rows, found.planned);
}
