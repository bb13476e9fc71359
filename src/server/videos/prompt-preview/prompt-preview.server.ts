import type pg from 'pg';
import { type PromptWriter, STRUCTURED_PROMPT_RULES } from '#server/generation/generation.server';
import { inTransaction } from '#server/kernel/transaction.server';
import {
  type EditedStructuredPrompt,
  PROMPT_PREVIEW_RULES_NOTE,
  PROMPT_PREVIEWS_PER_HOUR,
  type PromptPreviewResponse,
  STRUCTURED_FIELD_MAX_LENGTH,
  STRUCTURED_PROMPT_FIELDS,
} from '#shared/prompt-preview';

/**
 * 'Ver prompt estruturado': the text model writes the structured JSON prompt before the user pays (the same writer
 * the pipeline uses, falling back to the rules with a note). Free, so bounded per user per hour; the count comes
 * from the rows of `prompt_previews` under a per-user transaction lock, so concurrent clicks cannot pass the limit.
 */

export type PromptPreviewResult =
  | { kind: 'ok'; response: PromptPreviewResponse }
  | { kind: 'rate_limited'; retryAfterSeconds: number };

const HOUR_MS = 3_600_000;

/** Takes one of the hour's previews, or says when the next one frees up. */
async function takePreview(
  pool: pg.Pool,
  userId: string,
  now: Date,
): Promise<{ id: string; remaining: number } | { retryAfterSeconds: number }> {
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('prompt-preview:' || $1))", [userId]);
    const since = new Date(now.getTime() - HOUR_MS);
    const used = await client.query<{ count: string; oldest: Date | null }>(
      `SELECT count(*), min(created_at) AS oldest FROM prompt_previews WHERE user_id = $1 AND created_at > $2`,
      [userId, since],
    );
    const count = Number(used.rows[0]?.count ?? 0);
    const oldest = used.rows[0]?.oldest;
    if (count >= PROMPT_PREVIEWS_PER_HOUR && oldest) {
      return {
        retryAfterSeconds: Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000)),
      };
    }
    // Older rows count for nothing: kept only for the day, so the table stays small.
    await client.query(`DELETE FROM prompt_previews WHERE user_id = $1 AND created_at < $2`, [
      userId,
      new Date(now.getTime() - 24 * HOUR_MS),
    ]);
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO prompt_previews (user_id, built_by, created_at) VALUES ($1, $2, $3) RETURNING id`,
      [userId, STRUCTURED_PROMPT_RULES, now],
    );
    return { id: inserted.rows[0]?.id ?? '', remaining: PROMPT_PREVIEWS_PER_HOUR - count - 1 };
  });
}

export async function previewPrompt(
  deps: { pool: pg.Pool; writePrompt: PromptWriter },
  userId: string,
  prompt: string,
  signal?: AbortSignal,
  now: Date = new Date(),
): Promise<PromptPreviewResult> {
  const taken = await takePreview(deps.pool, userId, now);
  if ('retryAfterSeconds' in taken)
    return { kind: 'rate_limited', retryAfterSeconds: taken.retryAfterSeconds };
  const { builtBy = STRUCTURED_PROMPT_RULES, ...written } = await deps.writePrompt(prompt, signal);
  // The form edits what it is shown within the fields' limits: the rules' long exclusion lists are cut to them.
  const structuredPrompt = Object.fromEntries(
    STRUCTURED_PROMPT_FIELDS.map((field) => [field, written[field].slice(0, STRUCTURED_FIELD_MAX_LENGTH)]),
  ) as EditedStructuredPrompt;
  await deps.pool.query('UPDATE prompt_previews SET built_by = $2 WHERE id = $1', [taken.id, builtBy]);
  return {
    kind: 'ok',
    response: {
      structuredPrompt,
      builtBy,
      note: builtBy === STRUCTURED_PROMPT_RULES ? PROMPT_PREVIEW_RULES_NOTE : null,
      remaining: taken.remaining,
    },
  };
}
