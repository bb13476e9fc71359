import { balance } from '#server/credits/credits.server';
import { invalidFields } from '#server/kernel/form-errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { requestCredits } from '#shared/catalogue';
import type { VideoEstimate } from '#shared/video-estimate';
import { clipProblems } from '#shared/video-request-form';
import type { videosContract } from '#shared/videos.contract';
import type { VideosDeps } from './video-answers.server';

/**
 * `GET /api/videos/estimate`: the price of a create of these fields — each variation's `requestCredits`, as the
 * create holds — and the balance after it; a length or resolution the mode's model does not make is refused as the
 * create refuses it (400 with the field's pt-BR message). Nothing is held.
 */
export const estimateVideoRoute =
  ({ pool, capabilities, modes }: VideosDeps): OperationHandler<typeof videosContract.estimateVideo> =>
  async (c, { query }) => {
    const problems = clipProblems(query, capabilities(query.quality));
    if (Object.keys(problems).length > 0) return invalidFields(c, problems);
    const credits = requestCredits(query) * Number(query.variations ?? 1);
    const have = await balance(pool, sessionOf(c).user.id);
    const body: VideoEstimate = {
      credits,
      balance: have,
      balanceAfter: have - credits,
      enough: have >= credits,
      modeAvailable: modes.isAvailable(query.quality),
    };
    return c.json(body);
  };
