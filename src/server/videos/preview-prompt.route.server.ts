import { apiError } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { promptPreviewLimitMessage } from '#shared/prompt-preview';
import type { videosContract } from '#shared/videos.contract';
import { previewPrompt } from './prompt-preview/prompt-preview.server';
import type { VideosDeps } from './video-answers.server';

/** 'Ver prompt estruturado': free and rate-limited per user; the text model, or the rules with a note. */
export const previewPromptRoute =
  ({ pool, writePrompt }: VideosDeps): OperationHandler<typeof videosContract.previewPrompt> =>
  async (c, { body }) => {
    const result = await previewPrompt(
      { pool, writePrompt },
      sessionOf(c).user.id,
      body.prompt,
      c.req.raw.signal,
    );
    if (result.kind === 'rate_limited') {
      c.header('Retry-After', String(result.retryAfterSeconds));
      return apiError(c, 429, 'rate_limited', promptPreviewLimitMessage(result.retryAfterSeconds));
    }
    return c.json(result.response);
  };
