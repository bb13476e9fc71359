import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ORDERED_SQL } from '#server/capacity/fair-queue-sql.server';
import { runVideoGeneration } from '#server/generation/generate-video.job.server';
import { runTool } from '#server/media/ffmpeg.server';
import { lastFrameKey, mediaKeys } from '#server/media/media.server';
import { seedVideoRequest } from '#tests/support/fake-gemini';
import { greyFrame, rowsDifference } from '#tests/support/frames';
import { jobHarness } from '#tests/support/pipeline-job';

/**
 * A story's continuity shot (`join: continue`, ADR 0062) on the fake Gemini API: it waits out of the fair queue's
 * line until the shot before it is completed, then is created with that shot's last frame as its first frame —
 * checked on what Google receives (the image of the create's `input`), compared pixel by pixel with the previous
 * take's file, whose picture moves from its first frame to its last (the fake's `testsrc2`).
 */

const job = await jobHarness({ folderPrefix: 'cena-continuity-' });
const SIZE = { width: 64, height: 36 };

/** A still image as grey pixels at SIZE (greyFrame seeks, which a still image cannot). */
async function greyImage(file: string): Promise<Buffer> {
  const out = `${file}.gray`;
  await runTool(
    job.tools.ffmpegPath,
    [
      ...['-v', 'error', '-y', '-i', file, '-vf', `scale=${SIZE.width}:${SIZE.height}`],
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', out],
    ],
    { timeoutMs: job.tools.timeoutMs },
  );
  return readFile(out);
}

/** The requests the fair queue would serve now (every quality), in order. */
async function inLine(): Promise<string[]> {
  const { rows } = await job.pool.query<{ id: string }>(
    `${ORDERED_SQL} SELECT id FROM ordered ORDER BY position`,
    [['draft', 'fast', 'quality']],
  );
  return rows.map((row) => row.id);
}

describe('a continuity shot', () => {
  it('waits for the shot before, then opens on its last frame', async () => {
    const userId = await job.newUser();
    const before = await seedVideoRequest(job.pool, { userId, prompt: 'A padaria abre ao amanhecer' });
    const shot = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'O padeiro tira o pão do forno',
      firstFrameKey: lastFrameKey(userId, before.id),
    });
    await job.pool.query('UPDATE video_requests SET opens_on_request_id = $2 WHERE id = $1', [
      shot.id,
      before.id,
    ]);
    // Out of line while the shot before is not completed; the shot before is served.
    expect(await inLine()).toEqual([before.id]);
    await job.pool.query('UPDATE video_requests SET dispatched_at = now() WHERE id = $1', [before.id]);
    expect(await runVideoGeneration(job.deps(), before.id)).toBe('completed');
    expect(await inLine()).toEqual([shot.id]);

    expect(await runVideoGeneration(job.deps(), shot.id)).toBe('completed');
    const body = job.gemini.submitBodies.at(-1) as {
      input: { type: string; data?: string; text?: string }[];
    };
    // Image-to-video: the first frame, then the prompt (the provider's request for a first frame).
    expect(body.input.map((part) => part.type)).toEqual(['image', 'text']);
    expect(body.input[1]?.text).toContain('pão');
    // Beside the videos, so the harness's storage folder takes it away.
    const sent = `${job.storage.pathOf(mediaKeys(userId, shot.id).thumbnail)}.sent.jpg`;
    await writeFile(sent, Buffer.from(body.input[0]?.data ?? '', 'base64'));

    // The image sent is the previous take's last frame: near it, far from where that take began.
    const previous = job.storage.pathOf(mediaKeys(userId, before.id).video);
    const seconds = Number((await job.row(before.id)).delivered_seconds);
    const image = await greyImage(sent);
    expect(image).toHaveLength(SIZE.width * SIZE.height);
    const last = await greyFrame(job.tools, previous, seconds - 1 / 8 - 0.01, SIZE);
    const first = await greyFrame(job.tools, previous, 0, SIZE);
    const toLast = rowsDifference(image, last, SIZE.width, 0, SIZE.height);
    const toFirst = rowsDifference(image, first, SIZE.width, 0, SIZE.height);
    expect(toLast).toBeLessThan(8);
    expect(toFirst).toBeGreaterThan(toLast * 3);
    expect(await job.storage.exists(lastFrameKey(userId, before.id))).toBe(true);
  }, 120_000);
});
