import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { BlobStorage } from '#server/storage/storage.server';
import {
  type CapabilitiesOf,
  toVideoRequestView,
  type VideoRequestRecord,
} from '#server/video-requests/video-requests.server';
import type { VideoRequestView } from '#shared/video-request';

/** What the `/api/films` operations share: their dependencies, and signing a stored file's URL. */

export interface FilmsDeps {
  pool: pg.Pool;
  boss: PgBoss;
  storage: BlobStorage;
  mediaUrlTtlSeconds: number;
  capabilities: CapabilitiesOf;
}

/** A stored file's short-lived URL, or null for none. */
export const signedUrlOf = ({ storage, mediaUrlTtlSeconds }: FilmsDeps, key: string | null) =>
  key ? storage.signedUrl(key, { ttlSeconds: mediaUrlTtlSeconds }) : Promise.resolve(null);

/** A film as the browser gets it: a video request. */
export const filmView = (deps: FilmsDeps, record: VideoRequestRecord): Promise<VideoRequestView> =>
  toVideoRequestView(record, deps.storage, {
    ttlSeconds: deps.mediaUrlTtlSeconds,
    capabilities: deps.capabilities,
  });
