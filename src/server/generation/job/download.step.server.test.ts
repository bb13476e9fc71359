import { describe, expect, it } from 'vitest';
import { balance } from '#server/credits/ledger-reads.server';
import { mediaKeys } from '#server/media/rendering.server';
import { seedVideoRequest } from '#tests/support/fake-gemini';
import { jobHarness, START_CREDITS } from '#tests/support/pipeline-job';
import { runVideoGeneration } from '../generate-video.job.server';

const job = await jobHarness();

/** Disk storage whose write of the rendered video stops the worker (the process killed mid-render). */
function crashingOnRender(stop: AbortController) {
  const { storage } = job;
  return new Proxy(storage, {
    get(target, property) {
      if (property === 'put') {
        return (...args: Parameters<typeof storage.put>) => {
          if (!args[0].endsWith('/video.mp4')) return target.put(...args);
          stop.abort();
          return Promise.reject(Object.assign(new Error('worker stopped'), { name: 'AbortError' }));
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('the download step (fake Gemini API)', () => {
  it('a crash after the download resumes at the render: no second create, poll or download, charged once', async () => {
    const userId = await job.newUser();
    // 1:1 is reframed from the provider's file: the download is a copy the render reads.
    const request = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'Um farol na tempestade',
      aspectRatio: '1:1',
    });
    const stop = new AbortController();
    const first = runVideoGeneration(job.deps({ storage: crashingOnRender(stop) }), request.id, {
      signal: stop.signal,
    });
    await expect(first).rejects.toThrow('worker stopped');
    const keys = mediaKeys(userId, request.id);
    expect(await job.row(request.id)).toMatchObject({ status: 'rendering', generation_step: 'downloaded' });
    expect(await job.storage.exists(keys.download)).toBe(true);
    const seen = {
      polls: job.gemini.polls,
      downloads: job.gemini.downloads,
      requests: job.gemini.requests.length,
    };

    expect(await runVideoGeneration(job.deps(), request.id)).toBe('completed');
    expect(job.gemini.submits.get('Um farol na tempestade')).toBe(1);
    expect(job.gemini.polls).toBe(seen.polls);
    expect(job.gemini.downloads).toBe(seen.downloads);
    expect(job.gemini.requests.length).toBe(seen.requests);
    expect(await job.row(request.id)).toMatchObject({
      status: 'completed',
      generation_step: 'settled',
      hold_status: 'captured',
    });
    expect(await balance(job.pool, userId)).toBe(START_CREDITS - request.cost);
    // The stored download lives only until its render.
    expect(await job.storage.exists(keys.download)).toBe(false);
  }, 60_000);

  it('a new video in a ratio the provider makes is stored once: the download is the video, the render adds the thumbnail', async () => {
    const userId = await job.newUser();
    const request = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'Um barco no cais',
      aspectRatio: '9:16',
    });
    const puts: string[] = [];
    const { storage } = job;
    const counting = new Proxy(storage, {
      get(target, property) {
        if (property === 'put') {
          return (...args: Parameters<typeof storage.put>) => {
            puts.push(args[0]);
            return target.put(...args);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect(await runVideoGeneration(job.deps({ storage: counting }), request.id)).toBe('completed');
    const keys = mediaKeys(userId, request.id);
    expect(puts.sort()).toEqual([keys.thumbnail, keys.video].sort());
    expect(await job.storage.exists(keys.video)).toBe(true);
    expect(await job.storage.exists(keys.download)).toBe(false);
  }, 60_000);

  it('a signed video in a ratio the provider makes is uploaded once, signed: the plain download is not stored first', async () => {
    const userId = await job.newUser();
    const request = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'Um trem na serra',
      aspectRatio: '16:9',
    });
    const puts: string[] = [];
    const signed: string[] = [];
    const { storage } = job;
    const counting = new Proxy(storage, {
      get(target, property) {
        if (property === 'put') {
          return (...args: Parameters<typeof storage.put>) => {
            puts.push(args[0]);
            return target.put(...args);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    // Stands in for the signer (provenance room): what matters here is that the render signs before storing.
    const credentials = {
      sign: async (file: string) => {
        signed.push(file);
      },
    } as unknown as NonNullable<Parameters<typeof job.deps>[0]>['credentials'];
    expect(await runVideoGeneration(job.deps({ storage: counting, credentials }), request.id)).toBe(
      'completed',
    );
    const keys = mediaKeys(userId, request.id);
    expect(signed).toHaveLength(1);
    expect(puts.sort()).toEqual([keys.thumbnail, keys.video].sort());
    expect(await job.storage.exists(keys.video)).toBe(true);
  }, 60_000);
});
