import { describe, expect, it } from 'vitest';
import { FairQueue } from '#server/capacity/fair-queue.server';
import { ProviderBudget } from '#server/capacity/provider-budget.server';
import { balance } from '#server/credits/ledger-reads.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { seedVideoRequest, startFakeGemini } from '#tests/support/fake-gemini';
import { jobHarness, OMNI, START_CREDITS } from '#tests/support/pipeline-job';
import { FAILURE_MESSAGES, failRequest, runVideoGeneration } from './generate-video.job.server';
import { sharedCapacity } from './generation-capacity.server';

/**
 * The provider path of a delivered or given-up generation, against the Gemini fake: a video Google made is
 * followed to the file through a cut body, a poll outage across the deadline and a generation that ends as it is
 * cancelled; an open interaction is stopped before its refund; a generation's slot outlives a poll slower than its
 * lease.
 */

const job = await jobHarness({ folderPrefix: 'cena-delivery-' });
const { deps, newUser, row } = job;
const provider = (fake = job.gemini, attempts = 4) => job.provider({ fake, attempts });

async function entries(holdId: string): Promise<string[]> {
  const result = await job.pool.query<{ kind: string }>(
    'SELECT kind FROM credit_ledger_entries WHERE hold_id = $1 ORDER BY id',
    [holdId],
  );
  return result.rows.map((entry) => entry.kind);
}

const interactionOf = async (requestId: string) =>
  String((await row(requestId)).operation_name).replace('interactions/', '');

/** Completed, charged once, one create, and the interaction neither cancelled nor deleted at Google. */
async function expectDeliveredOnce(request: { id: string; holdId: string; cost: number }, userId: string) {
  expect(await row(request.id)).toMatchObject({ status: 'completed', hold_status: 'captured' });
  expect(await entries(request.holdId)).toEqual(['hold', 'capture']);
  expect(await balance(job.pool, userId)).toBe(START_CREDITS - request.cost);
  const interaction = await interactionOf(request.id);
  expect(job.gemini.cancelled).not.toContain(interaction);
  expect(job.gemini.deleted).not.toContain(interaction);
}

describe('following a delivered video to the file (fake Gemini API)', () => {
  it('a download whose body is cut halfway once (Content-Length announced, connection dropped) completes, charged once', async () => {
    const userId = await newUser();
    const prompt = 'Um trem atravessa a ponte [dlcut]';
    const request = await seedVideoRequest(job.pool, { userId, prompt });
    expect(await runVideoGeneration(deps(), request.id)).toBe('completed');
    expect(job.gemini.submits.get(prompt)).toBe(1);
    await expectDeliveredOnce(request, userId);
  }, 60_000);

  it('a poll that fails across the deadline while Google finished the video: read again, not cancelled, delivered', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, { userId, prompt: 'Um farol visto durante o apagão' });
    const until = job.gemini.pollsUntilDone;
    job.gemini.pollsUntilDone = 1;
    // Every read fails from before the deadline (600 ms) to well after it; the generation is done at Google.
    job.gemini.unavailableUntil = Date.now() + 1_500;
    try {
      const run = runVideoGeneration(
        deps({ provider: provider(job.gemini, 1), timeoutMs: { fast: 600, quality: 600 } }),
        request.id,
      );
      expect(await run).toBe('completed');
    } finally {
      job.gemini.pollsUntilDone = until;
      job.gemini.unavailableUntil = 0;
    }
    await expectDeliveredOnce(request, userId);
  }, 60_000);

  it('a generation that finishes as it is cancelled at the deadline (400 FAILED_PRECONDITION) is read, not deleted', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'Termina no último segundo [never][lastsecond]',
    });
    expect(await runVideoGeneration(deps({ timeoutMs: { fast: 600, quality: 600 } }), request.id)).toBe(
      'completed',
    );
    // The cancel's refusal is the scripted race itself, not a field Google does not know.
    expect(job.gemini.refusals.splice(0).map((refusal) => refusal.message)).toEqual([
      'Only a background interaction that is still running can be cancelled.',
    ]);
    await expectDeliveredOnce(request, userId);
  }, 60_000);

  it('an interaction left open (requires_action) is cancelled and deleted at Google before the refund', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'Espera uma ação do cliente [action]',
    });
    expect(await runVideoGeneration(deps(), request.id)).toBe('failed');
    expect(await row(request.id)).toMatchObject({
      status: 'failed',
      hold_status: 'voided',
      error_message: FAILURE_MESSAGES.provider,
    });
    expect(await balance(job.pool, userId)).toBe(START_CREDITS);
    const interaction = await interactionOf(request.id);
    expect(job.gemini.cancelled).toContain(interaction);
    expect(job.gemini.deleted).toContain(interaction);
  }, 60_000);
});

describe("a generation's slot while it runs (fake Gemini API with a quota)", () => {
  it('a poll slower than the lease: no second generation is dispatched into its slot', async () => {
    // The lease is compressed from 3 minutes, but not below what a loaded machine stalls for: at 300 ms, a job
    // started 300 ms after its grant found no live slot, and a renewal (every third of the lease) delayed past the
    // lease lapsed it, both under CI load. A poll is still slower than the lease, by its own sleep.
    const leaseMs = 1_500;
    const pollMs = 2_000;
    // Google holds the first generation in progress for its whole (single) poll: a create sent into its slot
    // would be refused.
    const quota = { requestsPerMinute: 100, inFlight: 1, generationMs: pollMs };
    const limited = await startFakeGemini({ tiny: true, quota, retryDelay: '0.3s' });
    try {
      limited.pollDelayMs = pollMs;
      limited.pollsUntilDone = 1;
      const budget = new ProviderBudget({
        limits: { requestsPerMinute: 100, inFlight: 1, requestsPerDay: null },
        leaseMs,
      });
      const dispatched: string[] = [];
      // Other requests' slots in the project when each request is dispatched, read in the dispatch itself.
      const slotsTaken: string[][] = [];
      const queue = new FairQueue({
        budget,
        projects: ['lease-test'],
        models: { fast: OMNI, quality: OMNI },
        sendJob: async (client, requestId) => {
          dispatched.push(requestId);
          const leases = await client.query<{ request_id: string }>(
            "SELECT request_id FROM provider_leases WHERE project = 'lease-test' AND request_id <> $1",
            [requestId],
          );
          slotsTaken.push(leases.rows.map((lease) => lease.request_id));
        },
      });
      const pipeline = deps({ provider: provider(limited), capacity: sharedCapacity({ budget, queue }) });
      const first = await seedVideoRequest(job.pool, { userId: await newUser(), prompt: 'Primeiro na fila' });
      expect(await queue.dispatch(job.pool)).toBe(1);
      expect(dispatched).toEqual([first.id]);
      const run = runVideoGeneration(pipeline, first.id);
      const second = await seedVideoRequest(job.pool, { userId: await newUser(), prompt: 'Segundo na fila' });
      // The dispatcher runs on while the first generation's read is slow; the second goes when a slot is free.
      const until = Date.now() + 30_000;
      while (!dispatched.includes(second.id) && Date.now() < until) {
        await queue.dispatch(job.pool);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const secondRun = runVideoGeneration(pipeline, second.id);
      expect(await run).toBe('completed');
      expect(await secondRun).toBe('completed');
      // The second was granted once the first's slot was released, not while it was held or lapsed.
      expect(dispatched).toEqual([first.id, second.id]);
      expect(slotsTaken).toEqual([[], []]);
      // Google never saw more in progress than its quota, so it refused nothing: the slot was never given away.
      expect(limited.maxInFlight).toBeLessThanOrEqual(quota.inFlight);
      expect(limited.quotaRefusals).toBe(0);
      expect(await row(first.id)).toMatchObject({ status: 'completed', hold_status: 'captured' });
    } finally {
      await limited.stop();
    }
  }, 90_000);
});

describe('what nobody reads any more is not left at Google (fake Gemini API)', () => {
  it('an account deleted while its create is in flight: the interaction answered afterwards is cancelled and deleted', async () => {
    const userId = await newUser();
    const prompt = 'Um pedido de quem apagou a conta';
    const request = await seedVideoRequest(job.pool, { userId, prompt });
    const before = { cancelled: job.gemini.cancelled.length, deleted: job.gemini.deleted.length };
    job.gemini.createAnswerDelayMs = 400;
    try {
      const run = runVideoGeneration(deps(), request.id);
      const until = Date.now() + 20_000;
      while (!job.gemini.submits.get(prompt) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 10));
      // What the account deletion does to an unfinished request, while Google still holds the create's answer.
      expect(await failRequest(job.pool, request.id, 'Solicitação encerrada: a conta foi excluída.')).toBe(
        true,
      );
      expect(await run).toBe('already_final');
    } finally {
      job.gemini.createAnswerDelayMs = 0;
    }
    const cancelled = job.gemini.cancelled.slice(before.cancelled);
    expect(cancelled).toHaveLength(1);
    expect(job.gemini.deleted.slice(before.deleted)).toEqual(cancelled);
    const left = await job.pool.query('SELECT 1 FROM provider_leftovers WHERE user_id = $1', [userId]);
    expect(left.rowCount).toBe(0);
    expect(await balance(job.pool, userId)).toBe(START_CREDITS);
  }, 60_000);

  it('a create that cannot be marked as sent (the database away) gives its slot back at once', async () => {
    const request = await seedVideoRequest(job.pool, { userId: await newUser(), prompt: 'Banco fora do ar' });
    const budget = new ProviderBudget({
      limits: { requestsPerMinute: 10, inFlight: 1, requestsPerDay: null },
    });
    const queue = new FairQueue({
      budget,
      projects: ['mark-test'],
      models: { fast: OMNI, quality: OMNI },
      sendJob: async () => {},
    });
    await inTransaction(job.pool, async (client) => {
      await client.query(
        "UPDATE video_requests SET dispatched_at = now(), provider_project = 'mark-test' WHERE id = $1",
        [request.id],
      );
      await budget.grant(client, request.id, 'mark-test', OMNI);
    });
    const failing = new Proxy(job.pool, {
      get(target, property) {
        if (property === 'query') {
          return (text: unknown, params?: unknown[]) =>
            String(text).includes('SET create_sent_at = now()')
              ? Promise.reject(new Error('Connection terminated unexpectedly'))
              : target.query(text as string, params);
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(
      runVideoGeneration(deps({ pool: failing, capacity: sharedCapacity({ budget, queue }) }), request.id),
    ).rejects.toThrow('Connection terminated unexpectedly');
    const [use] = await budget.use(job.pool, ['mark-test'], OMNI);
    expect(use?.inFlight).toBe(0);
    // Settled here, so nothing else picks the waiting request up.
    expect(await failRequest(job.pool, request.id, FAILURE_MESSAGES.capacity)).toBe(true);
  });
});
