import { type Column, getTableColumns, type Table } from 'drizzle-orm';
import type { VideoQuality } from '#shared/catalogue';
import type { VideoStatus } from '#shared/video-request';
import { videoRequests } from './video-requests.schema.server';

/**
 * The video request's row, from its drizzle table (ADR 0008, ADR 0022): the only place its columns are written
 * is video-requests.schema.server.ts. Raw SQL selects through `columnList`, so its rows have the table's camelCase
 * keys and are typed by `VideoRequestRow` (or a `Pick` of it); what the owner sees as stored is declared once, in
 * `VIDEO_REQUEST_SHAPE`, and the request's view, the history list, its CSV and the account export read it.
 */

export type VideoRequestRow = typeof videoRequests.$inferSelect;
export type VideoRequestKey = keyof VideoRequestRow & string;

/** One column of the table, by its key: its SQL name and whether it holds a timestamp. */
function columnOf(table: Table, key: string): Column {
  const column = (getTableColumns(table) as Record<string, Column>)[key];
  if (!column) throw new Error(`${key} is not a column of the table`);
  return column;
}

/**
 * A raw-SQL select list of the table's columns (all of them, or `keys`), each aliased to its drizzle key so pg
 * returns rows shaped like the table's inferred type; `qualifier` prefixes each column (a join's alias).
 */
export function columnList(table: Table, keys?: readonly string[], qualifier?: string): string {
  const prefix = qualifier ? `${qualifier}.` : '';
  return (keys ?? Object.keys(getTableColumns(table)))
    .map((key) => `${prefix}"${columnOf(table, key).name}" AS "${key}"`)
    .join(', ');
}

/**
 * `'key', value, …` for json_build_object: timestamps as `Date.toISOString()` text (UTC, milliseconds, `Z`),
 * written by PostgreSQL so Node neither parses nor re-serialises them.
 */
export function jsonFields(table: Table, keys: readonly string[]): string {
  return keys
    .map((key) => {
      const column = `"${columnOf(table, key).name}"`;
      return `'${key}', ${columnOf(table, key).columnType === 'PgTimestamp' ? isoJson(column) : column}`;
    })
    .join(', ');
}

/** A timestamp expression as JSON text in `Date.toISOString()`'s form. */
export const isoJson = (expression: string) =>
  `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Where a column shown as stored appears: the request's view, the history list (and dashboard), the CSV. */
type Place = 'view' | 'list' | 'csv';

/** A column the owner sees as it is stored, under its key (in the CSV under `header`, through `cell`). */
export interface ShownColumn {
  key: string;
  in: readonly Place[];
  /** The CSV's pt-BR header (docs/history-contract.md); required when shown in the CSV. */
  header?: string;
  /** The CSV cell for a value other than itself (a label, a decimal comma); null values are empty cells. */
  cell?: (value: never) => string | number;
}

/** The table and what of it the owner sees: the view, the list and the CSV are built from this, not restated. */
export interface VideoRequestShape {
  table: Table;
  shown: readonly ShownColumn[];
}

const STATUS_LABELS: Record<VideoStatus, string> = {
  pending: 'Pendente',
  processing: 'Processando',
  generating: 'Gerando',
  rendering: 'Renderizando',
  completed: 'Concluído',
  failed: 'Falhou',
};
const QUALITY_LABELS: Record<VideoQuality, string> = { draft: 'Rascunho', fast: 'Fast', quality: 'Quality' };

/** Seconds with a decimal comma, as Excel set to pt-BR reads them. */
const decimalComma = (seconds: number) => String(Math.round(seconds * 10) / 10).replace('.', ',');

/**
 * In this order: the view's and the list's keys come first in their answers, and the CSV's columns sit between
 * its date and its origin. A column shown to the user is one line here (ADR 0022).
 */
const SHOWN: readonly (ShownColumn & { key: VideoRequestKey })[] = [
  { key: 'id', in: ['view', 'list'] },
  { key: 'prompt', in: ['view', 'list', 'csv'], header: 'Prompt' },
  {
    key: 'quality',
    in: ['view', 'list', 'csv'],
    header: 'Qualidade',
    cell: (quality: VideoQuality) => QUALITY_LABELS[quality],
  },
  { key: 'aspectRatio', in: ['view', 'list', 'csv'], header: 'Aspect Ratio' },
  { key: 'clipSeconds', in: ['view', 'list'] },
  { key: 'masterResolution', in: ['view', 'list'] },
  { key: 'seed', in: ['view'] },
  { key: 'creditsUsed', in: ['view', 'list', 'csv'], header: 'Créditos' },
  {
    key: 'status',
    in: ['view', 'list', 'csv'],
    header: 'Status',
    cell: (status: VideoStatus) => STATUS_LABELS[status],
  },
  { key: 'errorMessage', in: ['view'] },
  { key: 'deliveredSeconds', in: ['list', 'csv'], header: 'Duração (s)', cell: decimalComma },
];

export const VIDEO_REQUEST_SHAPE: VideoRequestShape = { table: videoRequests, shown: SHOWN };

/** The shown columns of one place, in order. */
export function shownIn(shape: VideoRequestShape, place: Place): readonly ShownColumn[] {
  return shape.shown.filter((column) => column.in.includes(place));
}

/** The shown keys of one place, in order. */
export function shownKeys(shape: VideoRequestShape, place: Place): string[] {
  return shownIn(shape, place).map((column) => column.key);
}

/** The row's values of the place's shown columns, under their keys, in order. */
export function pickShown(shape: VideoRequestShape, place: Place, row: object): Record<string, unknown> {
  const values = row as Record<string, unknown>;
  return Object.fromEntries(shownKeys(shape, place).map((key) => [key, values[key]]));
}
