import type pg from 'pg';
import type { VideoQuality } from '../../shared/catalogue';
import type { HistoryFilters } from '../../shared/history-filters';
import { zonedDay } from '../../shared/time';
import type { VideoStatus } from '../../shared/video-request';
import { inTransaction } from '../kernel/transaction.server';
import { historyWhere } from './history.server';

/**
 * The history as CSV (docs/history-contract.md): UTF-8 with BOM, `;` separator (Excel in pt-BR), RFC 4180
 * quoting, CRLF line ends, dates dd/MM/yyyy HH:mm in the user's zone, pt-BR labels, formula-injection safe.
 * Rows come from a server-side cursor in batches, so memory does not grow with the history.
 */

const CSV_BOM = '\uFEFF';
const CSV_HEADER = [
  'Data',
  'Prompt',
  'Qualidade',
  'Aspect Ratio',
  'Créditos',
  'Status',
  'Duração (s)',
  'Origem',
] as const;

/** The Origem column: a new video, a film of the user's videos, or what it extends or edits (the source's id). */
function originLabel(row: {
  extends_request_id: string | null;
  edits_request_id: string | null;
  film: boolean;
}): string {
  if (row.film) return 'Filme';
  if (row.extends_request_id) return `Extensão de ${row.extends_request_id}`;
  if (row.edits_request_id) return `Edição de ${row.edits_request_id}`;
  return 'Vídeo novo';
}

/** Seconds with a decimal comma, as Excel set to pt-BR reads them; empty until the video is rendered. */
function durationCell(seconds: number | null): string {
  return seconds === null ? '' : String(Math.round(seconds * 10) / 10).replace('.', ',');
}
const CSV_BATCH_ROWS = 1000;

const STATUS_LABELS: Record<VideoStatus, string> = {
  pending: 'Pendente',
  processing: 'Processando',
  generating: 'Gerando',
  rendering: 'Renderizando',
  completed: 'Concluído',
  failed: 'Falhou',
};
const QUALITY_LABELS: Record<VideoQuality, string> = { fast: 'Fast', quality: 'Quality' };

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

interface CsvRow {
  day: string;
  prompt: string;
  quality: VideoQuality;
  aspect_ratio: string;
  credits_used: number;
  status: VideoStatus;
  duration_seconds: number | null;
  extends_request_id: string | null;
  edits_request_id: string | null;
  film: boolean;
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
): Promise<number> {
  const { where, params } = historyWhere(userId, filters, timeZone);
  params.push(timeZone);
  const zone = `$${params.length}`;
  return inTransaction(
    pool,
    async (client) => {
      let rows = 0;
      await client.query(
        `DECLARE history_csv NO SCROLL CURSOR FOR
         SELECT to_char(created_at AT TIME ZONE ${zone}, 'DD/MM/YYYY HH24:MI') AS day, prompt, quality,
                aspect_ratio, credits_used, status, duration_seconds, extends_request_id, edits_request_id, film
         FROM video_requests WHERE ${where}
         ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST`,
        params,
      );
      await write(CSV_BOM + csvLine(CSV_HEADER));
      while (!aborted()) {
        const batch = await client.query<CsvRow>(`FETCH ${CSV_BATCH_ROWS} FROM history_csv`);
        if (batch.rows.length === 0) break;
        let chunk = '';
        for (const row of batch.rows) {
          chunk += csvLine([
            row.day,
            row.prompt,
            QUALITY_LABELS[row.quality],
            row.aspect_ratio,
            row.credits_used,
            STATUS_LABELS[row.status],
            durationCell(row.duration_seconds),
            originLabel(row),
          ]);
        }
        rows += batch.rows.length;
        await write(chunk);
      }
      return rows;
    },
    { begin: 'BEGIN READ ONLY' },
  );
}
