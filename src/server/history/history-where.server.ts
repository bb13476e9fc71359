import { VIDEO_QUALITIES } from '#shared/catalogue';
import { type HistoryFilters, statusesOfFilter } from '#shared/history-filters';
import { dayRange } from '#shared/time';

/**
 * The WHERE clause of the history's filters and the statement plumbing its queries share (history.server.ts for
 * the list and its counts, history-search.server.ts for a text search).
 */

/**
 * The LIKE pattern of a search term, in SQL: the term made accent- and case-free by the same `cena_search_text` that
 * fills `prompt_search` (drizzle/0025, ADR 0026), so "acai" and "AÇAÍ" find "açaí". Then `%`, `_` and `\` are
 * escaped as literal characters — after the folding, since unaccent turns some characters (fullwidth ％, ＿, ＼)
 * into them. IMMUTABLE throughout: PostgreSQL folds it to a constant when it plans the statement with the term.
 */
function searchPattern(placeholder: string): string {
  return String.raw`'%' || replace(replace(replace(cena_search_text(${placeholder}), '\', '\\'), '%', '\%'), '_', '\_') || '%'`;
}

/**
 * Every row's quality, spelled as the predicates of the search's per-quality trigram indexes (drizzle/0025): with it a
 * search among all qualities reads both indexes (a BitmapOr), which the planner cannot prove usable without it.
 */
export const ANY_QUALITY = `(${VIDEO_QUALITIES.map((quality) => `quality = '${quality}'`).join(' OR ')})`;

/**
 * A story (ADR 0062) is one item of the list: of its requests only the first (the oldest, ties by id) is listed, and
 * stands for it. A lookup of the story's few requests by video_requests_story_idx, made only for a story's rows.
 */
const ONE_ROW_PER_STORY = `(story_id IS NULL OR NOT EXISTS (
  SELECT 1 FROM video_requests earlier WHERE earlier.story_id = video_requests.story_id
    AND (earlier.created_at, earlier.id) < (video_requests.created_at, video_requests.id)))`;

/**
 * WHERE clause (always starting with the owner) and its parameters for the history filters; a story's requests
 * listed as one row (ONE_ROW_PER_STORY) unless `everyRequest` (the CSV, an account of every request).
 */
export function historyWhere(
  userId: string,
  filters: HistoryFilters,
  timeZone: string,
  { everyRequest = false } = {},
): { where: string; params: unknown[] } {
  const params: unknown[] = [userId];
  const conditions = ['user_id = $1'];
  if (!everyRequest) conditions.push(ONE_ROW_PER_STORY);
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filters.status !== 'all') add((p) => `status = ANY(${p})`, statusesOfFilter(filters.status));
  if (filters.quality !== 'all') add((p) => `quality = ${p}`, filters.quality);
  const { start, endExclusive } = dateBounds(filters, timeZone);
  if (start) add((p) => `created_at >= ${p}`, start);
  if (endExclusive) add((p) => `created_at < ${p}`, endExclusive);
  if (filters.q) {
    add((p) => `prompt_search LIKE ${searchPattern(p)}`, filters.q);
    if (filters.quality === 'all') conditions.push(ANY_QUALITY);
  }
  return { where: conditions.join(' AND '), params };
}

/** The instants the from/to days bound, in the user's zone; one side alone is open-ended. */
export function dateBounds(
  filters: Pick<HistoryFilters, 'from' | 'to'>,
  timeZone: string,
): { start?: Date; endExclusive?: Date } {
  if (!filters.from && !filters.to) return {};
  const key = `${filters.from} ${filters.to} ${timeZone}`;
  let bounds = knownBounds.get(key);
  if (!bounds) {
    const { start, endExclusive } = dayRange(
      filters.from ?? '2000-01-01',
      filters.to ?? '9999-12-30',
      timeZone,
    );
    bounds = { start: filters.from ? start : undefined, endExclusive: filters.to ? endExclusive : undefined };
    if (knownBounds.size >= KNOWN_BOUNDS_MAX) knownBounds.clear();
    knownBounds.set(key, bounds);
  }
  return bounds;
}

/**
 * The instants of the day ranges asked lately: a day's start in a zone does not change (short of a new tz
 * database, which comes with a restart), and the zone arithmetic was a few percent of a history request's CPU.
 * Bounded: past the limit it starts over.
 */
const knownBounds = new Map<string, { start?: Date; endExclusive?: Date }>();
const KNOWN_BOUNDS_MAX = 1_000;

export const ORDER = 'ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST';

export interface HistoryStatement {
  text: string;
  values: unknown[];
  /** A named prepared statement's name (node-postgres `name`): parsed and planned once per connection. */
  name?: string;
}

/**
 * The statements prepared by name: those whose text depends only on which filters are set (not on a page past
 * PREPARED_PAGES, whose offset is in the text, nor on a search term, whose best plan depends on the term — see
 * history-search.server.ts), so a connection holds a bounded set of them. PostgreSQL plans a prepared statement for
 * its values 5 times, then keeps a generic plan when its estimated cost is not much above theirs
 * (https://www.postgresql.org/docs/current/sql-prepare.html, "Notes"); a connection reuses it from then on.
 */
export const PREPARED_PAGES = 5;
const preparedNames = new Map<string, string>();

export function prepared(statement: HistoryStatement): HistoryStatement {
  let name = preparedNames.get(statement.text);
  if (!name) {
    name = `history-${preparedNames.size + 1}`;
    preparedNames.set(statement.text, name);
  }
  return { ...statement, name };
}
