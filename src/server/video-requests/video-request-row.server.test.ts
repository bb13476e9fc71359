import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getTableColumns } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRequest } from '#server/generation/job/request-row.server';
import { exportHistoryCsv } from '#server/history/csv-export.server';
import { recentRequests } from '#server/history/dashboard-stats.server';
import { toListItems } from '#server/history/history-list.server';
import { listHistory } from '#server/history/history-page.server';
import { DiskStorage } from '#server/storage/storage.server';
import {
  columnList,
  shownKeys,
  VIDEO_REQUEST_SHAPE,
  type VideoRequestShape,
} from '#server/video-requests/video-request-row.server';
import { videoRequestColumns, videoRequests } from '#server/video-requests/video-requests.schema.server';
import { historyQuerySchema } from '#shared/history-filters';
import { chosenFieldSchemas } from '#shared/video-request';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { capabilitiesOf } from './capabilities.server';
import { toVideoRequestView, VIDEO_REQUEST_COLUMNS, type VideoRequestRecord } from './video-view.server';

/**
 * Adding a field to a video request (ADR 0022): a scratch copy of the table with one more column, `style`, in a
 * scratch PostgreSQL schema that the pool's search_path puts first, and one more shown column in the shape. The
 * request's view, the history list (and the dashboard's recent activity) and the CSV carry it, through the same
 * code the app runs: nothing else names it.
 */

const scratchVideoRequests = pgTable('video_requests', { ...videoRequestColumns(), style: text('style') });
const withStyle: VideoRequestShape = {
  table: scratchVideoRequests,
  shown: [...VIDEO_REQUEST_SHAPE.shown, { key: 'style', in: ['view', 'list', 'csv'], header: 'Estilo' }],
};
const asIs: VideoRequestShape = { ...VIDEO_REQUEST_SHAPE, table: scratchVideoRequests };

const ZONE = 'America/Sao_Paulo';
const OMNI = 'gemini-omni-1.1-flash';

let database: TestDatabase;
let pool: pg.Pool;
let mediaRoot: string;
let storage: DiskStorage;
let userId: string;
let requestId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const admin = testPool({ connectionString: database.url, max: 1 });
  // The migrated table's columns, defaults, generated columns and checks, and the new column: what the migration
  // would add.
  await admin.query(`CREATE SCHEMA scratch;
    CREATE TABLE scratch.video_requests (
      LIKE public.video_requests INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING CONSTRAINTS);
    ALTER TABLE scratch.video_requests ADD COLUMN style text`);
  await admin.end();
  pool = testPool({ connectionString: database.url, max: 4, options: '-c search_path=scratch,public' });
  userId = await insertUser(pool);
  const inserted = await pool.query<{ id: string }>(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
                                 duration_seconds, style)
     VALUES (gen_random_uuid(), $1, gen_random_uuid(), 'Um farol; à noite', 'fast', '16:9', 10, 'completed', 8,
             'noir')
     RETURNING id`,
    [userId],
  );
  requestId = inserted.rows[0]?.id ?? '';
  mediaRoot = await mkdtemp(path.join(os.tmpdir(), 'cena-rows-'));
  storage = new DiskStorage(mediaRoot, 'test-signing-secret');
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
  if (mediaRoot) await rm(mediaRoot, { recursive: true, force: true });
});

const view = async (shape: VideoRequestShape) => {
  const found = await pool.query<VideoRequestRecord>(
    `SELECT ${columnList(shape.table)} FROM video_requests WHERE id = $1`,
    [requestId],
  );
  const record = found.rows[0];
  if (!record) throw new Error('the scratch request is missing');
  const capabilities = capabilitiesOf({
    provider: 'gemini',
    gemini: { models: { fast: OMNI, quality: OMNI } },
  });
  return toVideoRequestView(record, storage, { ttlSeconds: 60, capabilities, shape });
};

const csv = async (shape: VideoRequestShape) => {
  let text = '';
  await exportHistoryCsv(
    pool,
    userId,
    historyQuerySchema.parse({}),
    ZONE,
    async (chunk) => {
      text += chunk;
    },
    undefined,
    shape,
  );
  return text.replace('\uFEFF', '').split('\r\n');
};

describe('one more column, shown to the owner', () => {
  it('is in the request view, after the stored fields, and nothing else changes', async () => {
    const shown = await view(withStyle);
    const { style, ...rest } = shown as typeof shown & { style?: unknown };
    expect(style).toBe('noir');
    expect(Object.keys(shown).indexOf('style')).toBe(Object.keys(shown).indexOf('errorMessage') + 1);
    expect(rest).toEqual(await view(asIs));
    expect(await view(asIs)).not.toHaveProperty('style');
  });

  it('is in the history list and the recent activity', async () => {
    const query = historyQuerySchema.parse({});
    const { rows } = await listHistory(pool, userId, query, ZONE, withStyle);
    const [item] = await toListItems(rows, storage, 60);
    expect(item).toMatchObject({ id: requestId, style: 'noir', durationSeconds: 8, kind: 'original' });
    const [recent] = await recentRequests(pool, userId, withStyle);
    expect(recent).toMatchObject({ id: requestId, style: 'noir' });
    const plain = await listHistory(pool, userId, query, ZONE, asIs);
    expect(plain.rows[0]).not.toHaveProperty('style');
  });

  it('is a CSV column after the stored ones, before Origem', async () => {
    const [header, line] = await csv(withStyle);
    expect(header).toBe('Data;Prompt;Qualidade;Aspect Ratio;Créditos;Status;Duração (s);Estilo;Origem');
    expect(line).toMatch(
      /^\d\d\/\d\d\/\d{4} \d\d:\d\d;"Um farol; à noite";Fast;16:9;10;Concluído;8;noir;Vídeo novo$/,
    );
    const [plainHeader] = await csv(asIs);
    expect(plainHeader).toBe('Data;Prompt;Qualidade;Aspect Ratio;Créditos;Status;Duração (s);Origem');
  });
});

describe('what a new chosen field needs besides its column', () => {
  it('is shown in the view and the list, like every chosen field (the web reads both)', () => {
    for (const key of Object.keys(chosenFieldSchemas)) {
      expect(getTableColumns(videoRequests)).toHaveProperty(key);
      expect(shownKeys(VIDEO_REQUEST_SHAPE, 'view')).toContain(key);
      expect(shownKeys(VIDEO_REQUEST_SHAPE, 'list')).toContain(key);
    }
  });

  it('reaches the generation job with no list of its own: the job reads the whole row', async () => {
    const row = await loadRequest(pool, requestId);
    expect(Object.keys(row ?? {})).toEqual(Object.keys(getTableColumns(videoRequests)));
    expect(row).toMatchObject({ id: requestId, prompt: 'Um farol; à noite', aspectRatio: '16:9' });
  });
});

it("the raw select list is the table's every column, each under its drizzle key", () => {
  const columns = Object.entries(getTableColumns(videoRequests));
  expect(VIDEO_REQUEST_COLUMNS.split(', ')).toEqual(
    columns.map(([key, column]) => `"${column.name}" AS "${key}"`),
  );
  expect(columnList(scratchVideoRequests)).toBe(`${VIDEO_REQUEST_COLUMNS}, "style" AS "style"`);
});
