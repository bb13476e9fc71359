import type { Context } from 'hono';
import type { AppEnv } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import type { videosContract } from '#shared/videos.contract';
import { createDerivedVideoRequest, type DerivedVideoInput } from './derived-video-request.server';
import { answerFromRequest, type VideosDeps } from './video-answers.server';

/**
 * `POST /api/videos/{id}/extensions` and `/edits` (src/shared/video-directing.ts, ADR 0011); the work is
 * derived-video-request.server.ts.
 */
const derive = (deps: VideosDeps, c: Context<AppEnv>, input: Omit<DerivedVideoInput, 'userId'>) =>
  answerFromRequest(c, deps, {
    id: input.sourceId,
    refusedCode: 'cannot_derive',
    make: (createDeps, userId) => createDerivedVideoRequest(createDeps, { ...input, userId }),
  });

export const extendVideoRoute =
  (deps: VideosDeps): OperationHandler<typeof videosContract.extendVideo> =>
  (c, { params, body }) =>
    derive(deps, c, {
      sourceId: params.id,
      derivation: 'extend',
      clientKey: body.clientKey,
      text: body.prompt,
    });

export const editVideoRoute =
  (deps: VideosDeps): OperationHandler<typeof videosContract.editVideo> =>
  (c, { params, body }) =>
    derive(deps, c, {
      sourceId: params.id,
      derivation: 'edit',
      clientKey: body.clientKey,
      text: body.instruction,
    });
