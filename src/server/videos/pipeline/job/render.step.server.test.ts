import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { colourClip, mediaTools } from '#tests/support/media';
import { jobHarness } from '#tests/support/pipeline-job';
import { downloadKey, mediaKeys } from '../rendering.server';
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
      duration_seconds: 2,
      has_audio: true,
    });
    expect(await job.storage.exists(keys.video)).toBe(true);
    expect(await job.storage.exists(keys.download)).toBe(false);
    // Nothing was asked of the provider.
    expect(job.gemini.requests).toHaveLength(0);
  }, 60_000);
});
