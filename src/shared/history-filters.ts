import { z } from 'zod';
import { LIMITS, VIDEO_QUALITIES } from './catalogue';
import { emptyIsUnset } from './query-params';
import { parseDay } from './time';
import { VIDEO_PHASES, type VideoPhase, videoPhaseOf } from './video-phase';
import { VIDEO_STATUSES, type VideoStatus } from './video-request';

/**
 * The history query (docs/history-contract.md, spec §5), shared by the web's URL parser and the server's
 * `GET /api/videos` and `GET /api/videos/export.csv`. Input is the URL's parameters as strings; an empty value
 * means "not set" (the default); an unknown parameter or value is refused.
 */

export const HISTORY_PAGE_SIZE = LIMITS.historyPageSize;
const HISTORY_QUERY_MAX_LENGTH = 200;
/** Pages past this are refused (100 000 requests are 10 000 pages). */
const HISTORY_MAX_PAGE = 100_000;

export const QUALITY_FILTERS = ['all', ...VIDEO_QUALITIES] as const;
/**
 * The status filter the page offers: the four phases people see on every badge (ADR 0035, 0058). The API also takes
 * the six stored statuses (spec §5) for links and tools; `generating` and `failed` are both a phase and a status and
 * read as the phase (the phase of `generating` holds processing, generating and rendering).
 */
export const PHASE_FILTERS = ['all', ...VIDEO_PHASES] as const;
const STATUS_FILTERS = [
  'all',
  'queued',
  'generating',
  'ready',
  'failed',
  'pending',
  'processing',
  'rendering',
  'completed',
] as const satisfies readonly ('all' | VideoPhase | VideoStatus)[];
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The stored statuses a status filter (not 'all') selects: a phase's statuses, or the one stored status. */
export function statusesOfFilter(filter: Exclude<StatusFilter, 'all'>): VideoStatus[] {
  if ((VIDEO_PHASES as readonly string[]).includes(filter)) {
    return VIDEO_STATUSES.filter((status) => videoPhaseOf(status) === filter);
  }
  return [filter as VideoStatus];
}

const day = (label: string) =>
  z.preprocess(
    emptyIsUnset,
    z
      .string()
      .refine((value) => parseDay(value) !== undefined, `${label} inválida: use o formato aaaa-mm-dd.`)
      .optional(),
  );

const filterShape = {
  q: z
    .string()
    .trim()
    .max(HISTORY_QUERY_MAX_LENGTH, `A busca pode ter até ${HISTORY_QUERY_MAX_LENGTH} caracteres.`)
    .default(''),
  quality: z.preprocess(
    emptyIsUnset,
    z.enum(QUALITY_FILTERS, 'Qualidade inválida: use all, fast ou quality.').default('all'),
  ),
  status: z.preprocess(emptyIsUnset, z.enum(STATUS_FILTERS, 'Status inválido.').default('all')),
  from: day('Data inicial'),
  to: day('Data final'),
};

const unknownKeys = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Parâmetro não permitido: ${(issue.keys ?? []).join(', ')}.`
    : undefined;

const fromBeforeTo = (value: { from?: string; to?: string }) =>
  !value.from || !value.to || value.from <= value.to;
const FROM_AFTER_TO = { message: 'A data inicial deve ser anterior ou igual à final.', path: ['from'] };

/** `GET /api/videos`: the filters plus the page (1-based). */
export const historyQuerySchema = z
  .strictObject(
    {
      ...filterShape,
      page: z.preprocess(
        emptyIsUnset,
        z
          .string()
          .regex(/^[1-9]\d{0,5}$/, 'Página inválida.')
          .transform(Number)
          .refine((page) => page <= HISTORY_MAX_PAGE, 'Página inválida.')
          .default(1),
      ),
    },
    { error: unknownKeys },
  )
  .refine(fromBeforeTo, FROM_AFTER_TO);
export type HistoryQuery = z.output<typeof historyQuerySchema>;

/** `GET /api/videos/export.csv`: the same filters, no page. */
export const historyExportQuerySchema = z
  .strictObject(filterShape, { error: unknownKeys })
  .refine(fromBeforeTo, FROM_AFTER_TO);
export type HistoryFilters = z.output<typeof historyExportQuerySchema>;

/**
 * URLSearchParams → the plain object the schemas take; undefined when a parameter is repeated (refused as
 * ambiguous, like an unknown one).
 */
export function searchParamsRecord(params: URLSearchParams): Record<string, string> | undefined {
  const record: Record<string, string> = {};
  for (const [key, value] of params) {
    if (Object.hasOwn(record, key)) return undefined;
    record[key] = value;
  }
  return record;
}

/** Filters (and page) → URL parameters, leaving defaults out so URLs stay short and shareable. */
export function historySearchParams(query: Partial<HistoryQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.q) params.set('q', query.q);
  if (query.quality && query.quality !== 'all') params.set('quality', query.quality);
  if (query.status && query.status !== 'all') params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return params;
}
