import type { Context } from 'hono';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { videosContract } from '#shared/videos.contract';
import { createDerivedVideoRequest, type DerivedVideoInput } from './derived-video-request.server';
import {
  createDeps,
  isRequestId,
  notFound,
  refusalAnswer,
  requestView,
  type VideosDeps,
} from './video-answers.server';

/**
 * `POST /api/videos/{id}/extensions` and `/edits` (src/shared/video-directing.ts, ADR 0011): JSON, idempotent by
 * clientKey like create; the work is derived-video-request.server.ts.
 */

async function derive(
  deps: VideosDeps,
  c: Context<AppEnv>,
  input: Omit<DerivedVideoInput, 'userId'>,
): Promise<Response> {
  if (!isRequestId(input.sourceId)) return notFound(c);
  const result = await createDerivedVideoRequest(
    { ...createDeps(deps), capabilities: deps.capabilities },
    { ...input, userId: sessionOf(c).user.id },
  );
  switch (result.kind) {
    case 'created':
      return c.json({ request: await requestView(deps, result.request) }, 201);
    case 'existing':
      return c.json({ request: await requestView(deps, result.request) }, 200);
    case 'not_found':
      return notFound(c);
    case 'refused':
      return apiError(c, 409, 'cannot_derive', result.reason);
    default:
      return refusalAnswer(c, result, 1);
  }
}

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
