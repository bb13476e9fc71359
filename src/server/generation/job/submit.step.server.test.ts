import { describe, expect, it } from 'vitest';
import { seedVideoRequest } from '#tests/support/fake-gemini';
import { jobHarness } from '#tests/support/pipeline-job';
import { submit } from './submit.step.server';

const job = await jobHarness();

describe('the submit step (fake Gemini API)', () => {
  it('stores `submitted` before the create is answered and `generating` with its name after: one create', async () => {
    const userId = await job.newUser();
    const prompt = 'Um balão sobre o vale';
    const request = await seedVideoRequest(job.pool, { userId, prompt, dispatched: true });
    job.gemini.createAnswerDelayMs = 300;
    try {
      const sent = submit(await job.runOf(request.id));
      const until = Date.now() + 20_000;
      while (!job.gemini.submits.get(prompt) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 10));
      expect(await job.row(request.id)).toMatchObject({ generation_step: 'submitted', operation_name: null });
      const operationName = await sent;
      expect(operationName).toMatch(/^interactions\//);
      expect(await job.row(request.id)).toMatchObject({
        generation_step: 'generating',
        operation_name: operationName,
      });
    } finally {
      job.gemini.createAnswerDelayMs = 0;
    }
    expect(job.gemini.submits.get(prompt)).toBe(1);
  }, 60_000);

  it('with the unlimited capacity a 429 is waited out as Google asks, then sent again', async () => {
    const userId = await job.newUser();
    const prompt = 'Sem cota por um instante [429]';
    const request = await seedVideoRequest(job.pool, { userId, prompt, dispatched: true });
    expect(await submit(await job.runOf(request.id))).toMatch(/^interactions\//);
    expect(job.gemini.submits.get(prompt)).toBe(1);
    expect(job.gemini.rateLimitTimes.get(prompt)?.length).toBeGreaterThan(0);
    expect(await job.row(request.id)).toMatchObject({ generation_step: 'generating' });
  }, 60_000);
});
