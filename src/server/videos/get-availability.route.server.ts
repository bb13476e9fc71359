import type { OperationHandler } from '#server/kernel/operations.server';
import { directingOffer, type VideoAvailability } from '#shared/video-directing';
import type { videosContract } from '#shared/videos.contract';
import type { VideosDeps } from './video-answers.server';

/** `GET /api/videos/availability`: a mode whose model Google stopped serving is shown as unavailable. */
export const getAvailabilityRoute =
  ({ modes, capabilities }: VideosDeps): OperationHandler<typeof videosContract.getAvailability> =>
  (c) => {
    const body: VideoAvailability = {
      modes: modes.modes(),
      directing: {
        draft: directingOffer(capabilities('draft')),
        fast: directingOffer(capabilities('fast')),
        quality: directingOffer(capabilities('quality')),
      },
    };
    return c.json(body);
  };
