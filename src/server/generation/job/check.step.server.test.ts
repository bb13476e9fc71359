import { describe, expect, it } from 'vitest';
import { jobHarness } from '#tests/support/pipeline-job';
import type { TakeGuarantee } from '../take-check/take-guarantee.server';
import { check } from './check.step.server';

const job = await jobHarness();

/** A request as the render step leaves it: its media stored with the `rendered` step. */
async function rendered(prompt: string) {
  const userId = await job.newUser();
  const request = await job.seedAt(userId, prompt, 'rendered', 'rendering');
  await job.pool.query(
    `UPDATE video_requests SET video_key = 'k/video.mp4', thumbnail_key = 'k/thumbnail.jpg', resolution = '1280x720',
       delivered_seconds = 8, has_audio = false WHERE id = $1`,
    [request.id],
  );
  return request;
}

describe('the check step', () => {
  it('checks the take the row names and stores `checked` when it passes', async () => {
    const request = await rendered('Um trem na neve');
    const seen: Parameters<TakeGuarantee>[0][] = [];
    const checkTake: TakeGuarantee = async (input) => {
      seen.push(input);
      return { outcome: 'passed' };
    };
    expect(await check(await job.runOf(request.id, { checkTake }))).toBeUndefined();
    expect(seen).toEqual([
      expect.objectContaining({ videoKey: 'k/video.mp4', deliveredSeconds: 8, hasAudio: false }),
    ]);
    // A video of its own is checked whole.
    expect(seen[0]?.newPartFromSeconds).toBeUndefined();
    expect(await job.row(request.id)).toMatchObject({ status: 'rendering', generation_step: 'checked' });
  });

  it("an extension's check is told where its new part begins: its source's length (ADR 0050)", async () => {
    const source = await rendered('Um trem na neve');
    await job.pool.query(
      `UPDATE video_requests SET status = 'completed', generation_step = 'settled', delivered_seconds = 8.02
       WHERE id = $1`,
      [source.id],
    );
    const extension = await rendered('O trem entra no túnel');
    await job.pool.query(
      'UPDATE video_requests SET extends_request_id = $2, delivered_seconds = 16.04 WHERE id = $1',
      [extension.id, source.id],
    );
    const seen: Parameters<TakeGuarantee>[0][] = [];
    const checkTake: TakeGuarantee = async (input) => {
      seen.push(input);
      return { outcome: 'passed' };
    };
    expect(await check(await job.runOf(extension.id, { checkTake }))).toBeUndefined();
    expect(seen).toEqual([expect.objectContaining({ deliveredSeconds: 16.04, newPartFromSeconds: 8.02 })]);
  });

  it('a take refused twice fails the request, settled and refunded', async () => {
    const request = await rendered('Um barco parado');
    const checkTake: TakeGuarantee = async () => ({
      outcome: 'refund',
      message: 'O take falhou duas vezes.',
    });
    expect(await check(await job.runOf(request.id, { checkTake }))).toBe('failed');
    expect(await job.row(request.id)).toMatchObject({
      status: 'failed',
      generation_step: 'settled',
      hold_status: 'voided',
    });
  });
});
