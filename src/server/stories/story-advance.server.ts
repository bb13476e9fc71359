import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { writeKnownCaptions } from '#server/captions/captions.server';
import { sendFilmRender } from '#server/films/films.server';
import { failRequest } from '#server/generation/generation.server';
import { inTransaction } from '#server/kernel/transaction.server';
import type { Logger } from '#server/logger.server';
import { CAPTION_CUE_MAX_CHARS, type CaptionCue } from '#shared/captions';
import type { StoryDialogue } from '#shared/stories';

/**
 * What moves a story on between requests (ADR 0062), a sweep every STORY_ADVANCE_INTERVAL_MS in the worker tier.
 * Every step is a guarded update, so overlapping sweeps of several workers, or one after a crash, do each once:
 * - a continuity shot whose shot before failed will never open: failed and refunded alone;
 * - a finish whose shots are all made has its film joined (film-render, ADR 0014); one with a failed shot ends
 *   failed (that shot was refunded by the pipeline; the others stay made and a new finish reuses them);
 * - a film joined gets its captions from the lines (words known, not transcribed), and the finish is complete.
 */

const STORY_MESSAGES_ADVANCE = {
  previousFailed:
    'A cena anterior não foi gerada, então esta não pôde começar do último quadro dela. Os créditos voltaram.',
  shotFailed: (position: number) =>
    `A cena ${position} não pôde ser finalizada e seus créditos voltaram. Finalize de novo para tentar outra vez.`,
} as const;

/** The name captions written from a story's lines are stored under (`transcribedBy`). */
const STORY_CAPTIONS_BY = 'roteiro';

/** A story's finish whose film and captions are made, told inside the transaction that marks it completed. */
interface StoryCompleted {
  userId: string;
  storyId: string;
  filmRequestId: string;
  db: pg.PoolClient;
}

export interface StoryAdvanceDeps {
  pool: pg.Pool;
  boss: PgBoss;
  logger: Logger;
  /**
   * Told of a shot this sweep failed and refunded, in the transaction that fails it: the video workers' own hook
   * (the e-mail, push and live event of a failed video, src/server/notifications), so the user hears of it once, as
   * of any failed video.
   */
  onRequestFailed?: (client: pg.PoolClient, requestId: string) => Promise<void>;
  /** Where a story's film completes: the lead's `story.completed` webhook is emitted from here. */
  onStoryCompleted?: (event: StoryCompleted) => Promise<unknown>;
}

async function failOrphanedContinuations(deps: StoryAdvanceDeps): Promise<void> {
  const orphans = await deps.pool.query<{ id: string }>(
    `SELECT r.id FROM video_requests r JOIN video_requests o ON o.id = r.opens_on_request_id
     WHERE r.opens_on_request_id IS NOT NULL AND r.status = 'pending' AND r.dispatched_at IS NULL
       AND o.status = 'failed'`,
  );
  for (const { id } of orphans.rows) {
    await failRequest(deps.pool, id, STORY_MESSAGES_ADVANCE.previousFailed, deps.onRequestFailed, true);
  }
}

interface FinishRow {
  film_request_id: string;
  story_id: string;
  state: 'finishing' | 'rendering';
  burn_captions: boolean;
  dialogue: (StoryDialogue | null)[];
  statuses: string[];
  film_status: string;
}

/** Every shot made: the scenes take each finish's measured length and the film is queued to be joined. */
async function startRender(deps: StoryAdvanceDeps, finish: FinishRow): Promise<void> {
  await inTransaction(deps.pool, async (client) => {
    const moved = await client.query(
      `UPDATE story_finishes SET state = 'rendering', updated_at = now()
       WHERE film_request_id = $1 AND state = 'finishing'`,
      [finish.film_request_id],
    );
    if (moved.rowCount !== 1) return;
    await client.query(
      `UPDATE film_scenes s SET end_seconds = v.delivered_seconds
       FROM video_requests v WHERE s.film_id = $1 AND v.id = s.source_request_id AND v.delivered_seconds > 0`,
      [finish.film_request_id],
    );
    await sendFilmRender(deps.boss, client, finish.film_request_id);
  });
}

async function endFinish(deps: StoryAdvanceDeps, finish: FinishRow, failedAt: number): Promise<void> {
  await inTransaction(deps.pool, async (client) => {
    const ended = await client.query(
      `UPDATE story_finishes SET state = 'failed', updated_at = now()
       WHERE film_request_id = $1 AND state IN ('finishing', 'rendering')`,
      [finish.film_request_id],
    );
    if (ended.rowCount !== 1 || failedAt < 0) return;
    await client.query(
      `UPDATE video_requests SET status = 'failed', error_message = $2, updated_at = now()
       WHERE id = $1 AND status NOT IN ('completed', 'failed')`,
      [finish.film_request_id, STORY_MESSAGES_ADVANCE.shotFailed(failedAt + 1)],
    );
  });
}

/** A line's cues within its shot's time: `Speaker: words`, cut at words into cues a phone can read. */
function lineCues(dialogue: StoryDialogue, start: number, end: number): CaptionCue[] {
  const chunks: string[] = [];
  let current = `${dialogue.speaker}:`;
  for (const word of dialogue.line.split(/\s+/)) {
    if (`${current} ${word}`.length > CAPTION_CUE_MAX_CHARS) {
      chunks.push(current);
      current = word;
    } else current = `${current} ${word}`;
  }
  chunks.push(current);
  const step = (end - start) / chunks.length;
  return chunks.map((text, index) => ({
    start: Math.round((start + index * step) * 1000) / 1000,
    end: Math.round((start + (index + 1) * step) * 1000) / 1000,
    text,
  }));
}

/** The film's cues: each shot's line over that shot's part of the film, in order. */
async function filmCues(pool: pg.Pool, finish: FinishRow): Promise<CaptionCue[]> {
  const scenes = await pool.query<{ start_seconds: number; end_seconds: number }>(
    'SELECT start_seconds, end_seconds FROM film_scenes WHERE film_id = $1 ORDER BY position',
    [finish.film_request_id],
  );
  let at = 0;
  return scenes.rows.flatMap((scene, index) => {
    const length = scene.end_seconds - scene.start_seconds;
    const dialogue = finish.dialogue[index];
    const cues = dialogue ? lineCues(dialogue, at, at + length) : [];
    at += length;
    return cues;
  });
}

async function completeFinish(deps: StoryAdvanceDeps, finish: FinishRow): Promise<void> {
  const cues = await filmCues(deps.pool, finish);
  await writeKnownCaptions(deps.pool, deps.boss, finish.film_request_id, {
    cues,
    by: STORY_CAPTIONS_BY,
    burn: finish.burn_captions,
  });
  // The finish completes and its event is recorded in one transaction: a crash between them would lose the event.
  await inTransaction(deps.pool, async (client) => {
    const completed = await client.query<{ user_id: string }>(
      `UPDATE story_finishes f SET state = 'completed', updated_at = now()
       FROM stories s
       WHERE f.film_request_id = $1 AND f.state = 'rendering' AND s.id = f.story_id
       RETURNING s.user_id`,
      [finish.film_request_id],
    );
    const userId = completed.rows[0]?.user_id;
    if (!userId) return;
    await deps.onStoryCompleted?.({
      userId,
      storyId: finish.story_id,
      filmRequestId: finish.film_request_id,
      db: client,
    });
  });
}

async function advanceFinishes(deps: StoryAdvanceDeps): Promise<void> {
  const finishes = await deps.pool.query<FinishRow>(
    `SELECT f.film_request_id, f.story_id, f.state, f.burn_captions, f.dialogue, film.status AS film_status,
            ARRAY(SELECT v.status FROM unnest(f.shot_request_ids) WITH ORDINALITY AS s(id, n)
                  LEFT JOIN video_requests v ON v.id = s.id ORDER BY s.n) AS statuses
     FROM story_finishes f JOIN video_requests film ON film.id = f.film_request_id
     WHERE f.state IN ('finishing', 'rendering')`,
  );
  for (const finish of finishes.rows) {
    if (finish.state === 'rendering') {
      if (finish.film_status === 'completed') await completeFinish(deps, finish);
      else if (finish.film_status === 'failed') await endFinish(deps, finish, -1);
      continue;
    }
    const failedAt = finish.statuses.findIndex((status) => status === 'failed' || status === null);
    if (failedAt >= 0) await endFinish(deps, finish, failedAt);
    else if (finish.statuses.every((status) => status === 'completed')) await startRender(deps, finish);
  }
}

/** One sweep; its errors are logged and the next sweep tries again. */
async function advanceStories(deps: StoryAdvanceDeps): Promise<void> {
  await failOrphanedContinuations(deps);
  await advanceFinishes(deps);
}

export function startStoryAdvance(deps: StoryAdvanceDeps, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= advanceStories(deps)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'story advance failed; next sweep retries'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
