import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '#server/credits/credits.server';
import type { Story } from '#shared/stories';
import { type DiskApp, startDiskApp, stopDiskApp } from '#tests/support/app';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';

/**
 * Stories with an API key (issue 50: scopes "create videos and stories"; ADR 0063): a key plans, drafts and
 * finishes a story as the web does, with the Idempotency-Key rule of video creates; a story's group charge claims
 * the key's daily credit limit like a single create, so a key past it is refused with nothing held. Local mode,
 * compressed clocks (LOCAL_RENDER_DELAY_MS, STORY_ADVANCE_INTERVAL_MS).
 */

let running: DiskApp;
let pool: pg.Pool;

beforeAll(async () => {
  running = await startDiskApp('cena-keys-stories-', {
    LOCAL_RENDER_DELAY_MS: '300',
    STORY_ADVANCE_INTERVAL_MS: '200',
  });
  pool = running.pool;
}, 60_000);

afterAll(() => stopDiskApp(running));

const IDEA =
  'Uma confeitaria abre as portas de manhã. A confeiteira arruma os bolos na vitrine. Um cliente entra e sorri.';

async function createKey(client: SessionClient, body: Record<string, unknown>): Promise<string> {
  const made = await client.json<{ apiKey: { token: string } }>('/api/me/api-keys', { json: body });
  expect(made.status).toBe(201);
  return made.body.apiKey.token;
}

interface Keyed<T> {
  status: number;
  body: T & { error?: { code: string; message: string } };
}

/** A request as a script sends it: no cookie, no Origin, the key in Authorization, JSON. */
async function withKey<T>(
  token: string,
  path: string,
  init: { method?: string; json?: unknown; idempotencyKey?: string } = {},
): Promise<Keyed<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.idempotencyKey) headers['idempotency-key'] = `"${init.idempotencyKey}"`;
  const response = await fetch(`${running.app.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  return { status: response.status, body: (await response.json()) as Keyed<T>['body'] };
}

const planBody = { idea: IDEA, aspectRatio: '9:16', targetSeconds: 15 };

async function planWithKey(token: string): Promise<Story> {
  const planned = await withKey<{ story: Story }>(token, '/api/stories', {
    method: 'POST',
    json: planBody,
    idempotencyKey: randomUUID(),
  });
  expect(planned.status, JSON.stringify(planned.body)).toBe(201);
  return planned.body.story;
}

async function until(token: string, id: string, done: (story: Story) => boolean): Promise<Story> {
  let story: Story | undefined;
  for (let tries = 0; tries < 200; tries++) {
    story = (await withKey<{ story: Story }>(token, `/api/stories/${id}`)).body.story;
    if (done(story)) return story;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`story ${id} stayed ${story?.status}`);
}

describe('stories with an API key', () => {
  it('plans once per Idempotency-Key, drafts every shot and reads the story; a read-only key only reads', async () => {
    const { client, userId } = await signedUpWithCredits(running.app.url, pool, 1_000);
    const token = await createKey(client, { name: 'Roteiros', scopes: ['read', 'create'] });

    const idempotencyKey = randomUUID();
    const plan = (json: unknown) =>
      withKey<{ story: Story }>(token, '/api/stories', { method: 'POST', json, idempotencyKey });
    const planned = await plan(planBody);
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    const story = planned.body.story;
    const again = await plan(planBody);
    expect(again.status).toBe(200);
    expect(again.body.story.id).toBe(story.id);
    const other = await plan({ ...planBody, targetSeconds: 30 });
    expect(other.status).toBe(409);
    expect(other.body.error?.code).toBe('idempotency_key_reused');
    const stories = await pool.query('SELECT id FROM stories WHERE user_id = $1', [userId]);
    expect(stories.rows).toEqual([{ id: story.id }]);

    const start = await balance(pool, userId);
    const drafted = await withKey<{ story: Story; requestIds: string[] }>(
      token,
      `/api/stories/${story.id}/drafts`,
      { method: 'POST', json: {}, idempotencyKey: randomUUID() },
    );
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    expect(drafted.body.requestIds).toHaveLength(story.shots.length);
    expect(await balance(pool, userId)).toBe(start - story.price.draft.credits);

    const reader = await createKey(client, { name: 'Leitura', scopes: ['read'] });
    const listed = await withKey<{ items: { id: string }[] }>(reader, '/api/stories');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item) => item.id)).toEqual([story.id]);
    expect((await withKey(reader, `/api/stories/${story.id}`)).status).toBe(200);
    const refused = await withKey(reader, `/api/stories/${story.id}/drafts`, {
      method: 'POST',
      json: { clientKey: randomUUID() },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('api_key_scope');
  });

  it("refuses drafting past the key's daily credit limit, with nothing held", async () => {
    const { client, userId } = await signedUpWithCredits(running.app.url, pool, 1_000);
    const probe = await planWithKey(await createKey(client, { name: 'Plano', scopes: ['create'] }));
    // One credit short of the story's drafts: a single draft fits, all of them do not.
    const token = await createKey(client, {
      name: 'Limite',
      scopes: ['read', 'create'],
      dailyCreditLimit: probe.price.draft.credits - 1,
    });
    const story = await planWithKey(token);
    const refused = await withKey(token, `/api/stories/${story.id}/drafts`, {
      method: 'POST',
      json: { clientKey: randomUUID() },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect(refused.body.error?.code).toBe('api_key_daily_limit');
    expect(refused.body.error?.message).toContain('limite de');
    expect(await balance(pool, userId)).toBe(1_000);
    const held = await pool.query('SELECT 1 FROM credit_holds WHERE user_id = $1', [userId]);
    expect(held.rowCount).toBe(0);
    const requests = await pool.query('SELECT 1 FROM video_requests WHERE user_id = $1', [userId]);
    expect(requests.rowCount).toBe(0);
    const spends = await pool.query(
      'SELECT 1 FROM api_key_spends s JOIN api_keys k ON k.id = s.key_id WHERE k.user_id = $1',
      [userId],
    );
    expect(spends.rows).toEqual([]);
  });

  it("charges 20 parallel finishes of one Idempotency-Key once, and within the key's limit", async () => {
    const { client, userId } = await signedUpWithCredits(running.app.url, pool, 1_000);
    const probe = await planWithKey(await createKey(client, { name: 'Plano', scopes: ['create'] }));
    // Exactly the drafts and the Fast finish: the 19 replays must not be counted against it.
    const limit = probe.price.draft.credits + probe.price.fast.credits;
    const token = await createKey(client, {
      name: 'Filme',
      scopes: ['read', 'create'],
      dailyCreditLimit: limit,
    });
    const story = await planWithKey(token);
    const drafted = await withKey(token, `/api/stories/${story.id}/drafts`, {
      method: 'POST',
      json: { clientKey: randomUUID() },
    });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    await until(token, story.id, (s) => s.shots.every((shot) => shot.takeId !== null));

    const before = await balance(pool, userId);
    const idempotencyKey = randomUUID();
    const taps = await Promise.all(
      Array.from({ length: 20 }, () =>
        withKey<{ request: { id: string } }>(token, `/api/stories/${story.id}/finish`, {
          method: 'POST',
          json: { quality: 'fast' },
          idempotencyKey,
        }),
      ),
    );
    const statuses = taps.map((tap) => tap.status).sort();
    expect(
      statuses.filter((status) => status === 201),
      JSON.stringify(taps[0]?.body),
    ).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    expect(new Set(taps.map((tap) => tap.body.request.id)).size).toBe(1);
    expect(await balance(pool, userId)).toBe(before - story.price.fast.credits);
    const films = await pool.query('SELECT 1 FROM video_requests WHERE user_id = $1 AND film', [userId]);
    expect(films.rowCount).toBe(1);
  });
});
