import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { AspectRatio, MasterResolution, VideoQuality } from '#shared/catalogue';
import type { FilmCandidate, FilmCandidatesResponse } from '#shared/films';
import type { filmsContract } from '#shared/films.contract';
import { requestResolution } from '#shared/video-models';
import { type FilmsDeps, signedUrlOf } from './films-answers.server';

/** The board lists the newest completed videos; older ones are rarely joined and the list stays light. */
const CANDIDATES_LIMIT = 200;

/** A video the board can join: completed, its file stored and measured. */
const usable = (alias: string) =>
  `${alias}.status = 'completed' AND ${alias}.video_key IS NOT NULL AND ${alias}.delivered_seconds IS NOT NULL`;

/**
 * One row per submit (ADR 0028): a variation stands for its group only when it is the group's chosen one — the kept
 * variation, or the first completed in the submit's order while none is kept (or the kept one is gone). The choice
 * and the group's other usable variations (as JSON) are sub-selects by `id = ANY(variation_ids)` on an index, one
 * per variation row; the CASE keeps the sub-select off single videos. No window over all the user's rows and no new
 * index: the user's rows are read by the existing user indexes (EXPLAIN in the test).
 */
export const FILM_CANDIDATES_SQL = `
  SELECT v.id, v.prompt, v.quality, v.master_resolution, v.aspect_ratio, v.delivered_seconds, v.created_at,
         v.thumbnail_key, v.video_key, v.film, COALESCE(others.list, '[]'::json) AS others
  FROM video_requests v
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object(
             'id', o.id, 'prompt', o.prompt, 'quality', o.quality, 'master_resolution', o.master_resolution,
             'aspect_ratio', o.aspect_ratio,
             'delivered_seconds', o.delivered_seconds, 'created_at', o.created_at, 'thumbnail_key', o.thumbnail_key,
             'video_key', o.video_key, 'film', o.film)
           ORDER BY array_position(v.variation_ids, o.id)) AS list
    FROM video_requests o
    WHERE cardinality(v.variation_ids) > 1 AND o.id = ANY(v.variation_ids) AND o.id <> v.id
      AND o.user_id = v.user_id AND ${usable('o')}
  ) others ON true
  WHERE v.user_id = $1 AND ${usable('v')}
    AND CASE WHEN cardinality(v.variation_ids) > 1 THEN v.id = (
          SELECT c.id FROM video_requests c
          WHERE c.id = ANY(v.variation_ids) AND c.user_id = v.user_id AND ${usable('c')}
          ORDER BY (c.id = v.kept_variation_id) IS TRUE DESC, array_position(v.variation_ids, c.id)
          LIMIT 1)
        ELSE true END
  ORDER BY v.created_at DESC, v.id DESC LIMIT $2`;

interface CandidateRecord {
  id: string;
  prompt: string;
  quality: VideoQuality;
  master_resolution: MasterResolution | null;
  aspect_ratio: AspectRatio;
  delivered_seconds: number;
  /** A Date from the row, an ISO string from the JSON of the group's others. */
  created_at: Date | string;
  thumbnail_key: string | null;
  video_key: string;
  film: boolean;
}

async function candidateOf(deps: FilmsDeps, row: CandidateRecord): Promise<FilmCandidate> {
  return {
    id: row.id,
    prompt: row.prompt,
    quality: row.quality,
    // What the board's card names (ADR 0058): a draft and its finish are told apart by their resolution.
    resolution: requestResolution(row.quality, row.master_resolution),
    aspectRatio: row.aspect_ratio,
    deliveredSeconds: row.delivered_seconds,
    createdAt: new Date(row.created_at).toISOString(),
    thumbnailUrl: await signedUrlOf(deps, row.thumbnail_key),
    videoUrl: await signedUrlOf(deps, row.video_key),
    film: row.film,
  };
}

/** `GET /api/films/candidates`: the user's completed videos the scene board may join, one row per submit. */
export const listFilmCandidatesRoute =
  (deps: FilmsDeps): OperationHandler<typeof filmsContract.listFilmCandidates> =>
  async (c) => {
    const rows = await deps.pool.query<CandidateRecord & { others: CandidateRecord[] }>(FILM_CANDIDATES_SQL, [
      sessionOf(c).user.id,
      CANDIDATES_LIMIT,
    ]);
    const body: FilmCandidatesResponse = {
      items: await Promise.all(
        rows.rows.map(async (row) => ({
          ...(await candidateOf(deps, row)),
          otherVariations: await Promise.all(row.others.map((other) => candidateOf(deps, other))),
        })),
      ),
    };
    return c.json(body);
  };
