import type pg from 'pg';
import type { VideoRequestShape } from '#server/video-requests/video-requests.server';
import { HISTORY_PAGE_SIZE, type HistoryQuery } from '#shared/history-filters';
import { type ListRow, listColumns } from './history-list.server';
import {
  ANY_QUALITY,
  dateBounds,
  type HistoryStatement,
  historyWhere,
  ORDER,
  PREPARED_PAGES,
  prepared,
} from './history-where.server';

/**
 * A text search of the history (ADR 0026), in at most two statements. First a bounded walk of the rows of the
 * other filters, newest first: when the term is common, a full page is found there in a fraction of a millisecond,
 * and it is the page, since every later match comes later in the order. The walk also reports what the second
 * statement needs when it falls short: how often each word of the term occurs among the rows it read. Then the
 * matches are fetched through the per-quality (user_id, prompt_search) trigram indexes by the term's uncommon words
 * only (indexWords) and rechecked against the whole term: a GIN scan reads the posting list of every trigram it is
 * given, and the trigrams of a word found in most of the user's prompts ("take", "praia") made a rare term's scan
 * read ~200 index pages for ten rows; without them it reads a quarter of that (bench:history, "take 4242").
 *
 * Matching is `strpos` on the folded prompt (the same containment as the LIKE pattern of historyWhere, without its
 * escapes): it is not indexable, so the planner uses the index for the word's LIKE only.
 */

/**
 * The walk reads at most this many times the rows up to the end of the page (and at most SEARCH_WALK_MAX).
 */
const SEARCH_WALK_FACTOR = 20;
const SEARCH_WALK_MAX = 5_000;
/** pg_trgm indexes a pattern by trigrams: a word of fewer letters gives the index nothing to look up. */
const MIN_INDEXED_WORD = 3;
/**
 * A word held by at least this share of the rows the walk read is common: its trigrams' posting lists are long, and
 * it narrows the matches little.
 */
const COMMON_WORD_SHARE = 0.1;

interface WordHits {
  word: string;
  hits: number;
}

/**
 * The words the trigram index is asked for: the uncommon ones, or the rarest alone when all are common; none (the
 * whole term) when no word is long enough. A superset of the term's matches either way: each word is part of it.
 */
export function indexWords(wordHits: WordHits[] | null, walked: number): string[] {
  if (!wordHits || wordHits.length === 0) return [];
  const uncommon = wordHits.filter(({ hits }) => hits < walked * COMMON_WORD_SHARE);
  return (uncommon.length > 0 ? uncommon : wordHits.slice(0, 1)).map(({ word }) => word);
}

const TERM = (placeholder: string) => `cena_search_text(${placeholder})`;

/**
 * The walk: its page's rows, and on every row (on a lone row of nulls when the page is empty) what it learnt —
 * `walkedCount` (fewer than the walk's limit: it read every row of the filters, so its hits are all the matches),
 * `hitCount`, `recentHits` and `reachedSettled` (whether it read back past `settledFrom`, so `recentHits` counts
 * every match since then), and `wordHits`: each word of the term long enough for the index, with how many of the
 * rows read hold it (asked only when the page is short and the walk was not exhaustive).
 * Prepared by name when it has no day range: its plan is the same index walk whatever the values.
 */
export function searchWalkStatement(
  userId: string,
  query: HistoryQuery,
  timeZone: string,
  settledFrom: Date,
  shape: VideoRequestShape,
): HistoryStatement & { walkRows: number } {
  const offset = (query.page - 1) * HISTORY_PAGE_SIZE;
  const walkRows = Math.min(SEARCH_WALK_MAX, SEARCH_WALK_FACTOR * (offset + HISTORY_PAGE_SIZE));
  const others = historyWhere(userId, { ...query, q: '' }, timeZone);
  const term = `$${others.params.length + 1}`;
  const settled = `$${others.params.length + 2}`;
  const text = `WITH walked AS MATERIALIZED (
      SELECT id, created_at, prompt_search, strpos(prompt_search, ${TERM(term)}) > 0 AS hit
      FROM video_requests WHERE ${others.where} ${ORDER} LIMIT ${walkRows}),
    page AS (SELECT id FROM walked WHERE hit ${ORDER} LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${offset}),
    summary AS (SELECT count(*)::int AS "walkedCount", (count(*) FILTER (WHERE hit))::int AS "hitCount",
        (count(*) FILTER (WHERE hit AND created_at >= ${settled}))::int AS "recentHits",
        COALESCE(min(created_at) < ${settled}, false) AS "reachedSettled"
      FROM walked)
    SELECT summary.*, CASE WHEN "walkedCount" = ${walkRows} AND (SELECT count(*) FROM page) < ${HISTORY_PAGE_SIZE}
        THEN (SELECT json_agg(json_build_object('word', word, 'hits', hits) ORDER BY hits, length(word) DESC)
              FROM (SELECT DISTINCT word, (SELECT count(*) FROM walked WHERE strpos(walked.prompt_search, word) > 0) AS hits
                    FROM unnest(regexp_split_to_array(${TERM(term)}, '[^[:alnum:]]+')) AS word
                    WHERE length(word) >= ${MIN_INDEXED_WORD}) AS words)
      END AS "wordHits", rows.*
    FROM summary LEFT JOIN LATERAL (
      SELECT ${listColumns(shape)} FROM video_requests WHERE id IN (SELECT id FROM page)) AS rows ON true
    ORDER BY rows."createdAt" DESC NULLS LAST, rows.id DESC NULLS LAST`;
  const statement = { text, values: [...others.params, query.q, settledFrom], walkRows };
  const dated = Boolean(query.from || query.to);
  return !dated && query.page <= PREPARED_PAGES ? { ...prepared(statement), walkRows } : statement;
}

/**
 * The matches fetched whole through the trigram indexes by `words` (by the whole term when there are none),
 * rechecked, sorted, counted (`matchCount`, on each row) and paged. MATERIALIZED: fetched first, then
 * sorted. The days are applied afterwards: inside, a date range lets the planner walk the all-users created_at
 * index instead. Never prepared by name: its best plan depends on the word.
 */
export function searchMatchesStatement(
  userId: string,
  query: HistoryQuery,
  timeZone: string,
  words: string[],
  shape: VideoRequestShape,
): HistoryStatement {
  const offset = (query.page - 1) * HISTORY_PAGE_SIZE;
  const undated = historyWhere(
    userId,
    { ...query, q: words.length === 0 ? query.q : '', from: undefined, to: undefined },
    timeZone,
  );
  const values = [...undated.params];
  const conditions = [undated.where];
  if (words.length > 0) {
    // The words are letters and digits only (split on everything else): nothing in them for LIKE to escape.
    for (const word of words) conditions.push(`prompt_search LIKE '%' || $${values.push(word)} || '%'`);
    conditions.push(`strpos(prompt_search, ${TERM(`$${values.push(query.q)}`)}) > 0`);
    if (query.quality === 'all') conditions.push(ANY_QUALITY);
  }
  const days: string[] = [];
  const { start, endExclusive } = dateBounds(query, timeZone);
  if (start) days.push(`created_at >= $${values.push(start)}`);
  if (endExclusive) days.push(`created_at < $${values.push(endExclusive)}`);
  return {
    text: `WITH matches AS MATERIALIZED (SELECT id, created_at FROM video_requests WHERE ${conditions.join(' AND ')}),
      dated AS (SELECT id, created_at FROM matches ${days.length > 0 ? `WHERE ${days.join(' AND ')}` : ''})
      SELECT ${listColumns(shape)}, (SELECT count(*) FROM dated)::int AS "matchCount"
      FROM video_requests WHERE id IN (SELECT id FROM dated ${ORDER} LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${offset})
      ${ORDER}`,
    values,
  };
}

interface WalkRow {
  walkedCount: number;
  hitCount: number;
  recentHits: number;
  reachedSettled: boolean;
  wordHits: WordHits[] | null;
}

/** A search's page, and the counts that came with it. */
export interface SearchPage {
  rows: ListRow[];
  /** Every match, when the statement that read the page saw them all (an exhaustive walk, or the fetched matches). */
  matches?: number;
  /** The matches since `settledFrom`, when the walk read back that far. */
  recent?: number;
}

/** Reads a search's page: the walk, and the matches fetched by the term's uncommon words when the walk fell short. */
export async function readSearchPage(
  pool: pg.Pool,
  userId: string,
  query: HistoryQuery,
  timeZone: string,
  settledFrom: Date,
  shape: VideoRequestShape,
): Promise<SearchPage> {
  const walk = searchWalkStatement(userId, query, timeZone, settledFrom, shape);
  const { rows } = await pool.query<WalkRow & ListRow>(walk);
  const first = rows[0];
  if (!first) throw new Error('the walk answers its summary row');
  const page = rows
    .filter((row) => row.id !== null)
    .map(
      ({ walkedCount: _, hitCount: __, recentHits: ___, reachedSettled: ____, wordHits: _____, ...row }) =>
        row,
    );
  if (first.walkedCount < walk.walkRows)
    return { rows: page, matches: first.hitCount, recent: first.recentHits };
  if (page.length === HISTORY_PAGE_SIZE) {
    return { rows: page, recent: first.reachedSettled ? first.recentHits : undefined };
  }
  const fetched = await pool.query<ListRow & { matchCount: number }>(
    searchMatchesStatement(userId, query, timeZone, indexWords(first.wordHits, first.walkedCount), shape),
  );
  const matches = fetched.rows[0]?.matchCount ?? (query.page === 1 ? 0 : undefined);
  return { rows: fetched.rows.map(({ matchCount: _, ...row }) => row), matches };
}
