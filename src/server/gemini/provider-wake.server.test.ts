import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '#server/kernel/transaction.server';
import { createLogger } from '#server/logger.server';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { notifyProviderEvent, ProviderWake } from './provider-wake.server';

/**
 * The wake-up between the receiver (a NOTIFY in its transaction) and a job's wait (a worker's LISTEN), over two
 * pools as two processes would hold them: the wait ends on its own generation's event only, also when the event
 * landed between the job's read and its wait, never on a rolled-back one, and the job's own abort still rejects.
 */

const LONG_MS = 30_000;

let database: TestDatabase;
let web: pg.Pool;
let worker: pg.Pool;
let wake: ProviderWake;

async function notify(resourceId: string, commit = true): Promise<void> {
  await inTransaction(
    web,
    async (client) => {
      await notifyProviderEvent(client, resourceId);
      return commit;
    },
    { commitIf: (result) => result },
  );
}

/**
 * Until every notification raised so far has reached the worker's LISTEN: PostgreSQL delivers notifications in the
 * order their transactions committed (docs, NOTIFY), so a marker raised after them that is heard proves them heard.
 */
async function allHeard(): Promise<void> {
  const marker = `marker-${Math.random()}`;
  const heard = wake.wait(`interactions/${marker}`, Date.now(), LONG_MS);
  await notify(marker);
  await heard;
}

/** How long a wait took, in ms; LONG_MS or more when nothing woke it. */
async function timed(wait: Promise<void>): Promise<number> {
  const started = Date.now();
  await wait;
  return Date.now() - started;
}

beforeAll(async () => {
  database = await createTestDatabase();
  web = testPool({ connectionString: database.url, max: 2 });
  worker = testPool({ connectionString: database.url, max: 2 });
  wake = new ProviderWake(worker, createLogger('silent'));
  await wake.start();
});

afterAll(async () => {
  await wake?.stop();
  await web?.end();
  await worker?.end();
  await database?.drop();
});

describe('ProviderWake', () => {
  it("ends a generation's wait at its event: an interaction by its id, a Veo operation by its last segment", async () => {
    const omni = wake.wait('interactions/abc', Date.now(), LONG_MS);
    const veo = wake.wait('models/veo-3.1-generate/operations/op9', Date.now(), LONG_MS);
    setTimeout(() => {
      notify('abc').catch(() => undefined);
      notify('models/veo-3.1-generate/operations/op9').catch(() => undefined);
    }, 100);
    expect(await timed(omni)).toBeLessThan(5_000);
    expect(await timed(veo)).toBeLessThan(5_000);
  });

  it('an event that came after the last read began but before the wait ends the wait at once', async () => {
    const readStarted = Date.now();
    await notify('early');
    await allHeard();
    expect(await timed(wake.wait('interactions/early', readStarted, LONG_MS))).toBeLessThan(100);
  });

  it("another generation's event, an event before the last read and a rolled-back one wake nothing", async () => {
    await notify('stale');
    await allHeard();
    // The last read begins strictly after the stale event was heard (the clock counts whole milliseconds).
    await new Promise((resolve) => setTimeout(resolve, 2));
    const since = Date.now();
    await notify('someone-else');
    await notify('stale', false);
    expect(await timed(wake.wait('interactions/stale', since, 1_500))).toBeGreaterThanOrEqual(1_400);
  });

  it('a lost LISTEN connection wakes every waiting job (what came meanwhile is unknown), then listens again', async () => {
    const waiting = wake.wait('interactions/during-outage', Date.now(), LONG_MS);
    await web.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE query = 'LISTEN cena_provider_events' AND pid <> pg_backend_pid()`,
    );
    expect(await timed(waiting)).toBeLessThan(5_000);
    const since = Date.now();
    const after = wake.wait('interactions/after-outage', since, LONG_MS);
    // Until the new connection listens, a notification would be lost: raise it until it is heard.
    const raising = setInterval(() => notify('after-outage').catch(() => undefined), 200);
    try {
      expect(await timed(after)).toBeLessThan(10_000);
    } finally {
      clearInterval(raising);
    }
  });

  it("the job's abort still rejects the wait", async () => {
    const stop = new AbortController();
    const waiting = wake.wait('interactions/aborted', Date.now(), LONG_MS, stop.signal);
    stop.abort();
    await expect(waiting).rejects.toThrow();
  });
});
