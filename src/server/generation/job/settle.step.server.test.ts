import { describe, expect, it } from 'vitest';
import { balance } from '#server/credits/ledger-reads.server';
import { jobHarness, START_CREDITS } from '#tests/support/pipeline-job';
import { runVideoGeneration } from '../generate-video.job.server';
import { failRequest } from './settle.step.server';

const job = await jobHarness();

describe('the settle step', () => {
  it('a run that finds the take checked completes and charges it, asking nothing of the provider or the check', async () => {
    const userId = await job.newUser();
    const request = await job.seedAt(userId, 'Uma ponte ao pôr do sol', 'checked', 'rendering');
    let checks = 0;
    const outcome = await runVideoGeneration(
      job.deps({
        checkTake: async () => {
          checks += 1;
          return { outcome: 'passed' };
        },
      }),
      request.id,
    );
    expect(outcome).toBe('completed');
    expect(checks).toBe(0);
    expect(job.gemini.requests).toHaveLength(0);
    expect(await job.row(request.id)).toMatchObject({
      status: 'completed',
      generation_step: 'settled',
      hold_status: 'captured',
    });
    expect(await balance(job.pool, userId)).toBe(START_CREDITS - request.cost);
    // Settled once: a second run changes nothing.
    expect(await runVideoGeneration(job.deps(), request.id)).toBe('already_final');
  });

  it('a failure is settled too: failed, the hold voided, once', async () => {
    const userId = await job.newUser();
    const request = await job.seedAt(userId, 'Uma rua vazia', 'generating', 'generating');
    expect(await failRequest(job.pool, request.id, 'Falhou.')).toBe(true);
    expect(await failRequest(job.pool, request.id, 'Falhou.')).toBe(false);
    expect(await job.row(request.id)).toMatchObject({
      status: 'failed',
      generation_step: 'settled',
      hold_status: 'voided',
    });
    expect(await balance(job.pool, userId)).toBe(START_CREDITS);
  });
});
