import { useState } from 'react';

const withoutQuery = (url: string) => url.split('?')[0];

/** Whether two signed URLs name the same file: each read signs it again, changing only the query. */
export const sameFile = (a: string | null, b: string | null): boolean =>
  a !== null && b !== null && withoutQuery(a) === withoutQuery(b);

/**
 * The URL a `<video>` keeps. Every read of a request signs its media again with a later expiry, so a refetch (a live
 * event, the window's focus) brings a new URL for the same file; giving it to the element would start the video over
 * under the person watching. It is taken only for another file, or once the one playing has failed (expired).
 */
export function usePlayingUrl(latest: string | null): { url: string | null; expired: () => void } {
  const [playing, setPlaying] = useState(latest);
  // The newest URL known when the one playing failed: the next one read after it replaces it.
  const [failedAt, setFailedAt] = useState<string | null | undefined>(undefined);
  const differentFile = latest !== null && !sameFile(latest, playing);
  const freshAfterFailure = failedAt !== undefined && latest !== null && latest !== failedAt;
  if (latest !== playing && (differentFile || freshAfterFailure)) {
    setPlaying(latest);
    setFailedAt(undefined);
  }
  return { url: playing, expired: () => setFailedAt(latest) };
}
