import type { Queryable } from '#server/jobs/jobs.server';

/**
 * What a takedown covers (ADR 0066, "Derivations"): the reported video and every video made from it that still
 * shows it, followed to the end (an extension of an extension, a film of an edit): its extensions — each joins the
 * whole source, and an extension submitted with variations is one such request per variation, kept or not —, its
 * edits by instruction (made from its file), the story shots that open on its last frame, and the films with a
 * scene cut from it. Not its finishes ('Finalizar', ADR 0033): a finish is a new generation from the same inputs and
 * holds none of its frames; nor the other variations of its own submit, which are siblings, not made from it. Those
 * are reported on their own.
 */
export async function coveredVideos(db: Queryable, requestId: string): Promise<string[]> {
  const found = await db.query<{ id: string }>(
    `WITH RECURSIVE covered(id) AS (
       SELECT $1::uuid
       UNION
       SELECT made.id FROM covered c CROSS JOIN LATERAL (
         SELECT v.id FROM video_requests v
         WHERE v.extends_request_id = c.id OR v.edits_request_id = c.id OR v.opens_on_request_id = c.id
         UNION ALL
         SELECT s.film_id FROM film_scenes s WHERE s.source_request_id = c.id
       ) made
     )
     SELECT id FROM covered`,
    [requestId],
  );
  return found.rows.map((row) => row.id);
}
