import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '#server/credits/ledger-grants.server';
import type { HistoryPage } from '#shared/history-list';
import { chosenFieldSchemas } from '#shared/video-request';
import { startDiskApp, stopDiskApp, type TestApp } from '#tests/support/app';
import { againIfCrossed, saoPauloDay } from '#tests/support/clock-windows';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpIn } from '#tests/support/users';
import { type SeededRequest, seedVideoRequests } from '#tests/support/video-requests';
import { csvField, csvFileName } from './csv-export.server';

/** History, CSV and dashboard, through the HTTP API on the real server. */

let app: TestApp;
let pool: pg.Pool;
let storageDir: string;

beforeAll(async () => {
  ({ app, pool, storageDir } = await startDiskApp('cena-history-', { LOCAL_RENDER_DELAY_MS: '600000' }));
});

afterAll(() => stopDiskApp({ app, pool, storageDir }));

const user = (timezone?: string, language?: 'pt' | 'en') => signedUpIn(app.url, pool, timezone, language);
const seed = (userId: string, rows: SeededRequest[]) => seedVideoRequests(pool, userId, rows);

const list = (client: SessionClient, query = '') =>
  client.json<HistoryPage & { error?: { code: string } }>(`/api/videos${query}`);

describe('GET /api/videos', () => {
  let alice: Awaited<ReturnType<typeof user>>;
  let ids: string[];

  beforeAll(async () => {
    alice = await user('America/Sao_Paulo');
    ids = await seed(alice.userId, [
      {
        prompt: 'Praia ao PÔR do sol com ondas',
        quality: 'fast',
        status: 'completed',
        createdAt: '2025-03-10T03:00:00Z',
      }, // 10/03 00:00 SP
      {
        prompt: 'Cidade futurista à noite',
        quality: 'quality',
        status: 'failed',
        createdAt: '2025-03-12T02:59:59Z',
      }, // 11/03 23:59:59 SP
      {
        prompt: '100% real_test \\ barra',
        quality: 'fast',
        status: 'pending',
        createdAt: '2025-03-12T03:00:00Z',
      }, // 12/03 00:00 SP
      ...Array.from({ length: 20 }, (_, i) => ({
        prompt: `Floresta número ${i} com névoa`,
        quality: (i % 2 ? 'quality' : 'fast') as 'fast' | 'quality',
        status: 'processing',
        createdAt: new Date(Date.UTC(2025, 4, 1, 12, i)).toISOString(),
      })),
    ]);
    const bob = await user();
    await seed(bob.userId, [{ prompt: 'Praia de Bob, não da Alice', createdAt: '2025-03-11T12:00:00Z' }]);
  });

  it('pages newest first with the total', async () => {
    const first = await list(alice.client);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 10, total: 23, totalPages: 3 });
    expect(first.body.items).toHaveLength(10);
    expect(first.body.items[0]?.prompt).toBe('Floresta número 19 com névoa');
    // The owner's chosen fields (one declaration, ADR 0051) and the list's own.
    expect(Object.keys(first.body.items[0] ?? {}).sort()).toEqual(
      [
        ...Object.keys(chosenFieldSchemas),
        'completedAt',
        'createdAt',
        'creditsUsed',
        'deliveredSeconds',
        'id',
        'kind',
        'queue',
        'sourceRequestId',
        'status',
        'story',
        'thumbnailUrl',
        'variation',
      ].sort(),
    );
    const third = await list(alice.client, '?page=3');
    expect(third.body.items.map((item) => item.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await list(alice.client, '?page=4')).body).toMatchObject({ items: [], total: 23 });
  });

  it('searches a case-insensitive substring, with % _ \\ taken literally', async () => {
    expect((await list(alice.client, '?q=pôr%20DO')).body.items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await list(alice.client, '?q=praia')).body.total).toBe(1); // not Bob's
    expect((await list(alice.client, '?q=100%25')).body.total).toBe(1);
    expect((await list(alice.client, '?q=l_test')).body.total).toBe(1);
    expect((await list(alice.client, '?q=%25')).body.total).toBe(1);
    expect((await list(alice.client, '?q=_')).body.total).toBe(1);
    expect((await list(alice.client, '?q=%5C')).body.total).toBe(1);
    expect((await list(alice.client, '?q=n%C3%A9voa')).body.total).toBe(20);
  });

  it('searches without accents or case, as people type: the page, its total and the CSV', async () => {
    const carol = await user('America/Sao_Paulo');
    const prompts = [
      ...Array.from({ length: 12 }, (_, i) => `Tigela de açaí ${i}`),
      'ACAI gelado na praia',
      'Pão de queijo',
      'Caju maduro',
    ];
    await seed(
      carol.userId,
      prompts.map((prompt, i) => ({
        prompt,
        createdAt: new Date(Date.UTC(2025, 5, 1, 12, i)).toISOString(),
      })),
    );
    const acai = new Set(prompts.filter((prompt) => /a[çc]a[íi]/i.test(prompt)));
    // A first page full of matches (the newest rows walked), the rest (fetched through the index and counted),
    // and each spelling of the term: the same rows.
    for (const q of ['acai', 'AÇAÍ', 'Açai']) {
      const first = await list(carol.client, `?q=${encodeURIComponent(q)}`);
      const second = await list(carol.client, `?q=${encodeURIComponent(q)}&page=2`);
      expect(first.body.total).toBe(13);
      expect(second.body.total).toBe(13);
      const found = [...first.body.items, ...second.body.items].map((item) => item.prompt);
      expect(new Set(found)).toEqual(acai);
    }
    expect((await list(carol.client, '?q=pao%20DE')).body.items.map((item) => item.prompt)).toEqual([
      'Pão de queijo',
    ]);
    expect((await list(carol.client, '?q=caj%C3%BA')).body.items.map((item) => item.prompt)).toEqual([
      'Caju maduro',
    ]);
    const csv = await (await carol.client.fetch('/api/videos/export.csv?q=acai')).text();
    const rows = csv.split('\r\n').slice(1, -1);
    expect(new Set(rows.map((row) => row.split(';')[1]))).toEqual(acai);
  });

  it('filters by quality and status', async () => {
    expect((await list(alice.client, '?quality=quality')).body.total).toBe(11);
    expect((await list(alice.client, '?status=failed')).body.items.map((i) => i.id)).toEqual([ids[1]]);
    expect((await list(alice.client, '?status=processing&quality=fast')).body.total).toBe(10);
    expect((await list(alice.client, '?status=all&quality=all&q=&from=&to=')).body.total).toBe(23);
    // The phases the page offers (ADR 0058): 'generating' holds the processing ones, 'failed' is the failed one.
    const generating = await list(alice.client, '?status=generating&quality=fast');
    expect(generating.body.total).toBeGreaterThanOrEqual(10);
    expect(
      generating.body.items.every((item) => ['processing', 'generating', 'rendering'].includes(item.status)),
    ).toBe(true);
    expect((await list(alice.client, '?status=failed')).body.total).toBe(1);
  });

  it('date range is inclusive, whole days in the user zone', async () => {
    const ids10to11 = (await list(alice.client, '?from=2025-03-10&to=2025-03-11')).body.items.map(
      (i) => i.id,
    );
    expect(ids10to11).toEqual([ids[1], ids[0]]);
    expect((await list(alice.client, '?from=2025-03-12&to=2025-03-12')).body.items.map((i) => i.id)).toEqual([
      ids[2],
    ]);
    expect((await list(alice.client, '?to=2025-03-09')).body.total).toBe(0);
    expect((await list(alice.client, '?from=2025-04-01')).body.total).toBe(20);
    // In London the same instants fall a day later at the edges: 11/03 23:59:59 SP is 12/03 02:59:59 in London.
    // Through the profile, as the user changes it: the process forgets its cached session at once (ADR 0020).
    const zone = (timezone: string) =>
      alice.client.fetch('/api/me/profile', { method: 'PATCH', json: { timezone } });
    expect((await zone('Europe/London')).status).toBe(200);
    try {
      expect(
        (await list(alice.client, '?from=2025-03-12&to=2025-03-12')).body.items.map((i) => i.id),
      ).toEqual([ids[2], ids[1]]);
    } finally {
      expect((await zone('America/Sao_Paulo')).status).toBe(200);
    }
  });

  it.each([
    '?sort=asc',
    '?quality=hd',
    '?status=done',
    '?page=0',
    '?page=x',
    '?from=2025-02-30',
    '?from=2025-03-02&to=2025-03-01',
    '?q=a&q=b',
  ])('refuses %s with 400', async (query) => {
    const answer = await list(alice.client, query);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('invalid_request');
  });

  it('needs a session', async () => {
    expect((await fetch(`${app.url}/api/videos`)).status).toBe(401);
  });

  it('another user never sees the rows, nor by id', async () => {
    const carol = await user();
    expect((await list(carol.client)).body).toMatchObject({ items: [], total: 0, totalPages: 0 });
    expect((await carol.client.json(`/api/videos/${ids[0]}`)).status).toBe(404);
    expect((await alice.client.json(`/api/videos/${ids[0]}`)).status).toBe(200);
  });

  it('exports the filtered history as CSV', async () => {
    const response = await alice.client.fetch('/api/videos/export.csv?from=2025-03-10&to=2025-03-12');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="historico-videos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toBe(
      [
        'Data;Prompt;Qualidade;Aspect Ratio;Créditos;Status;Duração (s);Origem',
        '12/03/2025 00:00;100% real_test \\ barra;Fast;16:9;10;Pendente;;Vídeo novo',
        '11/03/2025 23:59;Cidade futurista à noite;Quality;16:9;25;Falhou;;Vídeo novo',
        '10/03/2025 00:00;Praia ao PÔR do sol com ondas;Fast;16:9;10;Concluído;;Vídeo novo',
        '',
      ].join('\r\n'),
    );
    expect((await alice.client.fetch('/api/videos/export.csv?page=1')).status).toBe(400);
    expect((await fetch(`${app.url}/api/videos/export.csv`)).status).toBe(401);
  });

  it('CSV escapes quotes, newlines, separators and formulas end to end', async () => {
    const dave = await user();
    await seed(dave.userId, [
      { prompt: '=HYPERLINK("http://x";"clique")', createdAt: '2025-01-01T12:00:00Z' },
      { prompt: 'Linha 1\nLinha 2; com "aspas"', createdAt: '2025-01-01T13:00:00Z' },
    ]);
    const text = (await (await dave.client.fetch('/api/videos/export.csv')).text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[1]).toBe(
      '01/01/2025 10:00;"Linha 1\nLinha 2; com ""aspas""";Fast;16:9;10;Concluído;;Vídeo novo',
    );
    expect(lines[2]).toBe(
      `01/01/2025 09:00;"'=HYPERLINK(""http://x"";""clique"")";Fast;16:9;10;Concluído;;Vídeo novo`,
    );
  });
});

describe('counting a long history', () => {
  it('stops counting at its cap, earlier for a text search, and says so', async () => {
    const { client, userId } = await user();
    await pool.query(
      `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, created_at)
       SELECT gen_random_uuid(), $1, gen_random_uuid(), 'Ondas quebrando na praia ' || n, 'fast', '16:9', 10, 'completed',
              now() - n * interval '1 minute'
       FROM generate_series(1, 1005) AS n`,
      [userId],
    );
    const all = await list(client);
    expect(all.body).toMatchObject({ total: 1005, totalPages: 101 });
    expect(all.body.totalCapped).toBe(false);
    const search = await list(client, '?q=PRAIA');
    expect(search.body).toMatchObject({ total: 1000, totalCapped: true });
    expect(search.body.items).toHaveLength(10);
    // A search that ends within its page is totalled from the page; past the end it is counted.
    expect((await list(client, '?q=praia%20100')).body).toMatchObject({
      total: 7,
      totalPages: 1,
      totalCapped: false,
    });
    expect((await list(client, '?q=praia%20100&page=3')).body).toMatchObject({ total: 7, items: [] });
  });
});

describe('CSV rules', () => {
  it.each([
    ['simples', 'simples'],
    ['a;b', '"a;b"'],
    ['diz "oi"', '"diz ""oi"""'],
    ['l1\nl2', '"l1\nl2"'],
    ['l1\r\nl2', '"l1\r\nl2"'],
    ['=cmd|/C calc', "'=cmd|/C calc"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['a=b', 'a=b'],
  ])('%j → %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('numbers are never prefixed', () => {
    expect(csvField(-5)).toBe('-5');
  });

  it('file name uses the day in the user zone', () => {
    const instant = new Date('2025-05-01T01:30:00Z');
    expect(csvFileName(instant, 'America/Sao_Paulo')).toBe('historico-videos-2025-04-30.csv');
    expect(csvFileName(instant, 'Europe/Paris')).toBe('historico-videos-2025-05-01.csv');
  });
});

describe('dashboard', () => {
  it('stats per range, counted in the user zone, at the range edges', async () => {
    // The server reads its own clock: a run across São Paulo midnight is made again in the new day.
    await againIfCrossed(saoPauloDay, async () => {
      const erin = await user('America/Sao_Paulo');
      await grant(pool, {
        userId: erin.userId,
        amount: 70,
        source: 'adjustment',
        sourceRef: `t:${erin.userId}`,
        expiresAt: null,
      });
      const now = new Date();
      const { statsRangeStart } = await import('#shared/time');
      const sp = 'America/Sao_Paulo';
      const iso = (date: Date, deltaMs: number) => new Date(date.getTime() + deltaMs).toISOString();
      const today = statsRangeStart('today', now, sp);
      const month = statsRangeStart('month', now, sp);
      const year = statsRangeStart('year', now, sp);
      await seed(erin.userId, [
        { quality: 'quality', status: 'completed', createdAt: iso(today, 0) }, // exactly today's midnight: in today
        { quality: 'quality', status: 'failed', createdAt: iso(today, 1) }, // failed: counted, credits refunded
        { quality: 'fast', status: 'completed', createdAt: iso(today, -1) }, // one ms before: yesterday
        { quality: 'fast', status: 'completed', createdAt: iso(year, -1) }, // last year
        { quality: 'fast', status: 'completed', createdAt: '2019-12-31T12:00:00Z' }, // before all time
      ]);
      const stats = async (range?: string) =>
        (
          await erin.client.json<Record<string, unknown>>(
            `/api/dashboard/stats${range ? `?range=${range}` : ''}`,
          )
        ).body;

      expect(await stats('today')).toEqual({
        range: 'today',
        videosCreated: 2,
        creditsSpent: 25,
        thisMonth: (await stats('month')).videosCreated,
        mostUsedQuality: 'quality',
        balance: 70,
      });
      const yesterdayInMonth = today.getTime() > month.getTime();
      expect((await stats()).range).toBe('month');
      expect((await stats('month')).videosCreated).toBe(yesterdayInMonth ? 3 : 2);
      expect((await stats('year')).videosCreated).toBeGreaterThanOrEqual(2);
      expect(await stats('all')).toMatchObject({
        videosCreated: 4,
        creditsSpent: 45,
        mostUsedQuality: 'fast',
      });
    });
    const empty = await user();
    expect((await empty.client.json('/api/dashboard/stats?range=week')).body).toEqual({
      range: 'week',
      videosCreated: 0,
      creditsSpent: 0,
      thisMonth: 0,
      mostUsedQuality: null,
      balance: 0,
    });
    expect((await empty.client.json('/api/dashboard/stats?range=decade')).status).toBe(400);
    expect((await empty.client.json('/api/dashboard/stats?foo=1')).status).toBe(400);
    const unset = await empty.client.json<{ range: string }>('/api/dashboard/stats?range=');
    expect(unset.body.range).toBe('month');
  });

  it('words a refused query as every declared query is worded (the kernel check)', async () => {
    const { client } = await user();
    const message = async (path: string) => {
      const answer = await client.json<{ error?: { code: string; message: string } }>(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error?.code, path).toBe('invalid_request');
      return answer.body.error?.message;
    };
    expect(await message('/api/videos?q=a&q=b')).toBe('Parâmetro repetido: q.');
    expect(await message('/api/videos/export.csv?status=x&status=y')).toBe('Parâmetro repetido: status.');
    expect(await message('/api/dashboard/stats?range=week&range=week')).toBe('Parâmetro repetido: range.');
    expect(await message('/api/videos?sort=asc')).toBe('Parâmetro não permitido: sort.');
    expect(await message('/api/dashboard/stats?foo=1')).toBe('Parâmetro não permitido: foo.');
    expect(await message('/api/dashboard/stats?range=decade')).toBe('Período inválido.');
    expect(await message('/api/videos?page=0')).toBe('Página inválida.');
  });

  it('recent: the last 5, own rows only', async () => {
    const fay = await user();
    const ids = await seed(
      fay.userId,
      Array.from({ length: 7 }, (_, i) => ({ createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString() })),
    );
    const recent = await fay.client.json<{ items: { id: string }[] }>('/api/dashboard/recent');
    expect(recent.body.items.map((item) => item.id)).toEqual(ids.slice(2).reverse());
    expect((await fay.client.json('/api/dashboard/recent?x=1')).status).toBe(400);
  });
});
