import { describe, expect, it } from 'vitest';
import { FairQueue } from '#server/capacity/fair-queue.server';
import { ProviderBudget } from '#server/capacity/provider-budget.server';
import { seedVideoRequest } from '#tests/support/fake-gemini';
import { jobHarness } from '#tests/support/pipeline-job';
import { runVideoGeneration } from '../generate-video.job.server';
import { sharedCapacity } from '../generation-capacity.server';
import { generate } from './generate.step.server';

const job = await jobHarness();
const OMNI = 'gemini-omni-1.1-flash';

describe('the generate step (fake Gemini API)', () => {
  it('creates once, waits for the video and frees nothing it did not hold; the request is rendering after it', async () => {
    const userId = await job.newUser();
    const prompt = 'Um cavalo na praia';
    const request = await seedVideoRequest(job.pool, { userId, prompt, dispatched: true });
    const generation = await generate(await job.runOf(request.id));
    expect(generation?.operationName).toMatch(/^interactions\//);
    expect(generation?.video).toBeDefined();
    expect(job.gemini.submits.get(prompt)).toBe(1);
    expect(await job.row(request.id)).toMatchObject({ status: 'rendering', generation_step: 'generating' });
  }, 60_000);

  it('with the shared budget and no live slot, nothing is sent: back in line, its step `queued`', async () => {
    const userId = await job.newUser();
    const prompt = 'Sem vaga no orçamento';
    const request = await seedVideoRequest(job.pool, { userId, prompt });
    await job.pool.query(
      "UPDATE video_requests SET dispatched_at = now(), generation_step = 'dispatched', provider_project = 'p' WHERE id = $1",
      [request.id],
    );
    const budget = new ProviderBudget({
      limits: { requestsPerMinute: 10, inFlight: 1, requestsPerDay: null },
    });
    const queue = new FairQueue({
      budget,
      projects: ['p'],
      models: { fast: OMNI, quality: OMNI },
      sendJob: async () => {},
    });
    const outcome = await runVideoGeneration(
      job.deps({ capacity: sharedCapacity({ budget, queue }) }),
      request.id,
    );
    expect(outcome).toBe('requeued');
    expect(job.gemini.submits.get(prompt)).toBeUndefined();
    expect(await job.row(request.id)).toMatchObject({ status: 'pending', generation_step: 'queued' });
  });
});
