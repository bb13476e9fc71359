/**
 * The fair queue's statements (ADR 0061): the waiting requests in the order of service, and the queue's measured
 * pace. Kept apart from fair-queue.server.ts, which runs them.
 */

import {
  columnList,
  type VideoRequestKey,
  type VideoRequestRow,
  videoRequests,
} from '#server/video-requests/video-requests.server';

/** Measured generation time: the mean over this many recent generations of the model. */
const MEASURED_GENERATIONS = 20;

/**
 * Of the qualities `$1`: the mean generation time of the recent generations, read from the head of
 * video_requests_generated_idx (DESC NULLS LAST, named so: a plain DESC would sort every generated row).
 */
export const MEASURED_SQL = `
  SELECT avg(extract(epoch FROM generated_at - dispatched_at))::float8
  FROM (SELECT generated_at, dispatched_at FROM video_requests
        WHERE quality = ANY($1::text[]) AND generated_at IS NOT NULL AND dispatched_at IS NOT NULL
        ORDER BY generated_at DESC NULLS LAST LIMIT ${MEASURED_GENERATIONS}) recent`;

/** Of the qualities `$1`: the requests dispatched in the last `$2` seconds. */
export const STARTS_SQL = `
  SELECT count(*)::int FROM video_requests
  WHERE dispatched_at > now() - make_interval(secs => $2) AND quality = ANY($1::text[])`;

/**
 * What a waiting request's create costs the provider's budget is priced from (`createCostCents` of its model, its
 * resolution and its clip length): named by the table's keys, so the queue's rows carry them under the names the
 * row type has (ADR 0022, ADR 0051) and a renamed column fails the type check here.
 */
const PRICED_KEYS = [
  'quality',
  'masterResolution',
  'clipSeconds',
] as const satisfies readonly VideoRequestKey[];
export type PricedRow = Pick<VideoRequestRow, (typeof PRICED_KEYS)[number]>;
/** The priced columns as the outer statements select them from `queued`. */
export const PRICED_COLUMNS = PRICED_KEYS.map((key) => `"${key}"`).join(', ');

/**
 * When the request of table alias `t` began to wait for capacity. A story's continuity shot (ADR 0062) waits first
 * for the request whose last frame it opens on: null (not in line) until that one is completed, then from then.
 */
export const waitingSince = (t: string) => `CASE WHEN ${t}.opens_on_request_id IS NULL THEN ${t}.queued_at
  ELSE (SELECT GREATEST(${t}.queued_at, o.completed_at) FROM video_requests o
        WHERE o.id = ${t}.opens_on_request_id AND o.status = 'completed') END`;

/**
 * The waiting requests of `$1` (qualities), each with its `turn` (1 for its user's oldest) and its user's last
 * dispatch (`served_at`, null for a user never served).
 */
export const QUEUED_SQL = `
  WITH waiting AS (
    SELECT r.id, r.user_id, r.created_at, r.provider_project, ${columnList(videoRequests, PRICED_KEYS, 'r')},
           row_number() OVER (PARTITION BY r.user_id ORDER BY r.created_at, r.id) AS turn
    FROM video_requests r
    -- A film (src/server/films) is joined by Cena, not generated: it never waits for the provider.
    WHERE r.status = 'pending' AND r.dispatched_at IS NULL AND NOT r.film AND r.quality = ANY($1::text[])
      AND ${waitingSince('r')} IS NOT NULL
  ), queued AS (
    SELECT w.*, served.at AS served_at
    FROM waiting w
    -- The user's last dispatch: an index-only probe of video_requests_user_dispatched_idx per waiting row, which
    -- PostgreSQL memoizes per user (the ORDER BY names the index's DESC NULLS LAST, or each probe reads and sorts
    -- all the user's dispatches), a plan that does not depend on the statistics of a table whose waiting rows
    -- change every second.
    LEFT JOIN LATERAL (
      SELECT d.dispatched_at AS at FROM video_requests d
      WHERE d.user_id = w.user_id AND d.dispatched_at IS NOT NULL
      ORDER BY d.dispatched_at DESC NULLS LAST LIMIT 1
    ) served ON true
  )`;

/** The order of service: turns across users, the user served longest ago first, then first in first out. */
export const SERVICE_ORDER = 'turn, served_at NULLS FIRST, created_at, id';

/** The waiting requests of `$1` (qualities) in the order they will be served; `position` counts from 1. */
export const ORDERED_SQL = `${QUEUED_SQL}, ordered AS (
    SELECT q.*, row_number() OVER (ORDER BY ${SERVICE_ORDER}) AS position FROM queued q
  )`;
