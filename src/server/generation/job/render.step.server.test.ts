import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { grant } from '#server/credits/ledger-grants.server';
import { downloadKey, mediaKeys } from '#server/media/rendering.server';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import { paidWithTrialCredits } from '#server/trial/trial-mark.server';
import { greyFrame, rowsDifference } from '#tests/support/frames';
import { colourClip, mediaTools } from '#tests/support/media';
import { jobHarness } from '#tests/support/pipeline-job';
import { insertUser } from '#tests/support/users';
import { storedDownload } from './download.step.server';
import { render } from './render.step.server';

const job = await jobHarness();
const tools = await mediaTools(30_000);

describe('the render step', () => {
  it('renders the stored download, stores what it made with the step, and deletes the download', async () => {
    const userId = await job.newUser();
    const request = await job.seedAt(userId, 'Um gato no telhado', 'downloaded', 'rendering');
    const keys = mediaKeys(userId, request.id);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cena-render-step-'));
    try {
      const clip = await colourClip(tools, path.join(dir, 'clip.mp4'), {
        colour: 'blue',
        seconds: 2,
        size: '320x180',
      });
      // Where the download step keeps it (a new 16:9 video: under its own key).
      const { row } = await job.runOf(request.id);
      await job.storage.put(downloadKey(row), createReadStream(clip), 'video/mp4');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const run = await job.runOf(request.id);
    const rendered = await render(run, await storedDownload(run));
    expect(rendered).toMatchObject({ generationStep: 'rendered', videoKey: keys.video, hasAudio: true });
    expect(await job.row(request.id)).toMatchObject({
      status: 'rendering',
      generation_step: 'rendered',
      video_key: keys.video,
      thumbnail_key: keys.thumbnail,
      resolution: '320x180',
      delivered_seconds: 2,
      has_audio: true,
    });
    expect(await job.storage.exists(keys.video)).toBe(true);
    expect(await job.storage.exists(keys.download)).toBe(false);
    // Nothing was asked of the provider.
    expect(job.gemini.requests).toHaveLength(0);
  }, 60_000);
});

describe('the render step with TRIAL_WATERMARK on (ADR 0044)', () => {
  const size = { width: 320, height: 180 };
  const trialMark = async () => ({
    fontFile: (await mediaToolchainFromEnv()).fonts.regular,
    paidWithTrial: (requestId: string) => paidWithTrialCredits(job.pool, requestId),
  });

  async function userWith(grants: { source: 'trial' | 'adjustment'; amount: number }[]): Promise<string> {
    const userId = await insertUser(job.pool);
    for (const [index, { source, amount }] of grants.entries()) {
      const expiresAt = source === 'trial' ? new Date(Date.now() + 7 * 86_400_000) : null;
      await grant(job.pool, { userId, amount, source, sourceRef: `test:${userId}:${index}`, expiresAt });
    }
    return userId;
  }

  /** A request of `userId` rendered from a stored 2 s blue clip; the delivered and the source frames at 1 s. */
  async function rendered(userId: string) {
    const request = await job.seedAt(userId, 'Um gato no telhado', 'downloaded', 'rendering');
    const overrides = { trialMark: await trialMark() };
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cena-render-mark-'));
    try {
      const clip = await colourClip(tools, path.join(dir, 'clip.mp4'), {
        colour: 'blue',
        seconds: 2,
        size: '320x180',
      });
      const run = await job.runOf(request.id, overrides);
      await job.storage.put(
        downloadKey(run.row, Boolean(run.trialMark)),
        createReadStream(clip),
        'video/mp4',
      );
      await render(run, await storedDownload(run));
      const keys = mediaKeys(userId, request.id);
      const frameOf = async (key: string) => {
        const file = path.join(dir, key.replaceAll('/', '_'));
        await pipeline(await job.storage.getStream(key), createWriteStream(file));
        return greyFrame(tools, file, 1, size);
      };
      return {
        keys,
        plain: await greyFrame(tools, clip, 1, size),
        delivered: await frameOf(keys.video),
        source: (await job.storage.exists(keys.source)) ? await frameOf(keys.source) : undefined,
        download: await job.storage.exists(keys.download),
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('delivers a video paid partly with trial credits marked in its corner, and keeps its source clean', async () => {
    // The trial grant expires first, so it is spent first: 4 of the 10 credits are trial, 6 paid.
    const userId = await userWith([
      { source: 'trial', amount: 4 },
      { source: 'adjustment', amount: 100 },
    ]);
    const { plain, delivered, source, download } = await rendered(userId);
    const top = Math.round(size.height / 4);
    expect(rowsDifference(plain, delivered, size.width, 0, top)).toBeGreaterThan(4);
    expect(rowsDifference(plain, delivered, size.width, top, size.height)).toBeLessThan(2);
    // What an extension continues is the provider's file, unmarked; the download copy is gone.
    expect(source).toBeDefined();
    expect(rowsDifference(plain, source as Buffer, size.width, 0, size.height)).toBeLessThan(2);
    expect(download).toBe(false);
  }, 90_000);

  it('delivers a paid video as the provider made it, with no mark and no second copy', async () => {
    const userId = await userWith([{ source: 'adjustment', amount: 100 }]);
    const { plain, delivered, source } = await rendered(userId);
    expect(rowsDifference(plain, delivered, size.width, 0, size.height)).toBeLessThan(2);
    expect(source).toBeUndefined();
  }, 90_000);
});
