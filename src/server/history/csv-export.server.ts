import type pg from 'pg';
import { inTransaction } from '#server/kernel/transaction.server';
import {
  columnList,
  shownIn,
  VIDEO_REQUEST_SHAPE,
  type VideoRequestRow,
  type VideoRequestShape,
} from '#server/video-requests/video-requests.server';
import type { HistoryFilters } from '#shared/history-filters';
import { zonedDay } from '#shared/time';
import { historyWhere } from './history-where.server';

/**
 * The history as CSV (docs/history-contract.md): UTF-8 with BOM, `;` separator (Excel in pt-BR), RFC 4180
 * quoting, CRLF line ends, dates dd/MM/yyyy HH:mm in the user's zone, pt-BR labels, formula-injection safe.
 * Rows come from a server-side cursor in batches, so memory does not grow with the history.
 */

const CSV_BOM = '\uFEFF';
const CSV_BATCH_ROWS = 1000;

/** The Origem column: a new video, a film of the user's videos, or what it extends or edits (the source's id). */
function originLabel(
  row: Pick<VideoRequestRow, 'extendsRequestId' | 'editsRequestId' | 'finishesRequestId' | 'film'>,
): string {
  if (row.film) return 'Filme';
  if (row.extendsRequestId) return `Extensão de ${row.extendsRequestId}`;
  if (row.editsRequestId) return `Edição de ${row.editsRequestId}`;
  if (row.finishesRequestId) return `Finalização de ${row.finishesRequestId}`;
  return 'Vídeo novo';
}

/**
 * One field: a value a spreadsheet would read as a formula (starting with = + - @, tab or CR) gets a leading `'`;
 * a field with `;`, `"`, CR or LF is quoted, with quotes doubled and line breaks kept.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(fields: readonly (string | number)[]): string {
  return `${fields.map(csvField).join(';')}\r\n`;
}

/** historico-videos-{yyyy-MM-dd}.csv, the day in the user's zone. */
export function csvFileName(now: Date, timeZone: string): string {
  return `historico-videos-${zonedDay(now, timeZone)}.csv`;
}

/** The date in the user's zone, the shape's CSV columns, and the origin. */
type CsvRow = Record<string, unknown> &
  Pick<VideoRequestRow, 'extendsRequestId' | 'editsRequestId' | 'finishesRequestId' | 'film'> & {
    day: string;
  };

/** The CSV's columns: Data, the shape's columns shown in the CSV (docs/history-contract.md), Origem. */
function csvColumns(shape: VideoRequestShape) {
  const shown = shownIn(shape, 'csv');
  const cells = (row: CsvRow) => [
    row.day,
    ...shown.map(({ key, cell }) => {
      const value = row[key];
      if (value === null || value === undefined) return '';
      return cell ? cell(value as never) : (value as string | number);
    }),
    originLabel(row),
  ];
  return {
    header: ['Data', ...shown.map(({ header }) => header ?? ''), 'Origem'],
    keys: [...shown.map(({ key }) => key), 'extendsRequestId', 'editsRequestId', 'finishesRequestId', 'film'],
    cells,
  };
}

/**
 * Writes the user's filtered history through `write` (awaited, so a slow reader slows the fetching), newest
 * first, from a cursor in a read-only transaction on its own connection. Stops early when `aborted()` says the
 * reader left. The connection is always released.
 */
export async function exportHistoryCsv(
  pool: pg.Pool,
  userId: string,
  filters: HistoryFilters,
  timeZone: string,
  write: (chunk: string) => Promise<void>,
  aborted: () => boolean = () => false,
  shape: VideoRequestShape = VIDEO_REQUEST_SHAPE,
): Promise<number> {
  const columns = csvColumns(shape);
  const { where, params } = historyWhere(userId, filters, timeZone, { everyRequest: true });
  params.push(timeZone);
  const zone = `$${params.length}`;
  return inTransaction(
    pool,
    async (client) => {
      let rows = 0;
      await client.query(
        `DECLARE history_csv NO SCROLL CURSOR FOR
         SELECT to_char(created_at AT TIME ZONE ${zone}, 'DD/MM/YYYY HH24:MI') AS day,
                ${columnList(shape.table, columns.keys)}
         FROM video_requests WHERE ${where}
         ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST`,
        params,
      );
      await write(CSV_BOM + csvLine(columns.header));
      while (!aborted()) {
        const batch = await client.query<CsvRow>(`FETCH ${CSV_BATCH_ROWS} FROM history_csv`);
        if (batch.rows.length === 0) break;
        let chunk = '';
        for (const row of batch.rows) {
          chunk += csvLine(columns.cells(row));
        }
        rows += batch.rows.length;
        await write(chunk);
      }
      return rows;
    },
    { begin: 'BEGIN READ ONLY' },
  );
}
