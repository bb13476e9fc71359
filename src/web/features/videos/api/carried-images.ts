import { useEffect } from 'react';
import type { VideoRequestView } from '#shared/video-request';
import { getVideoRequest } from './video-request-calls';

const castImages = (request: VideoRequestView) =>
  request.cast.reduce((sum, member) => sum + member.images, 0);

async function fileFrom(url: string, name: string): Promise<File> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`image ${response.status}`);
  const blob = await response.blob();
  return new File([blob], name, { type: blob.type });
}

/**
 * 'Duplicar Solicitação' carries the request's images over (`?from={id}`): the first frame, the last frame and the
 * reference images are fetched from their signed URLs once and put in the form, as if chosen again. A failure
 * leaves the form without them; the prompt and options come from the URL as before.
 */
export function useCarriedImages(
  from: string | null,
  set: {
    setFirstFrame: (file: File | null) => void;
    setLastFrame: (file: File | null) => void;
    setReferenceImages: (files: File[]) => void;
  },
): void {
  const { setFirstFrame, setLastFrame, setReferenceImages } = set;
  useEffect(() => {
    if (!from) return;
    let cancelled = false;
    void (async () => {
      try {
        const request = await getVideoRequest(from);
        const [first, last, ...references] = await Promise.all([
          request.firstFrameUrl ? fileFrom(request.firstFrameUrl, 'primeiro-quadro') : null,
          request.lastFrameUrl ? fileFrom(request.lastFrameUrl, 'ultimo-quadro') : null,
          // The cast's images come last and are picked again as the cast (`?cast=`), not carried as files.
          ...request.referenceImageUrls
            .slice(0, request.referenceImageUrls.length - castImages(request))
            .map((url, index) => fileFrom(url, `referencia-${index + 1}`)),
        ]);
        if (cancelled) return;
        setFirstFrame(first ?? null);
        setLastFrame(last ?? null);
        setReferenceImages(references.filter((file): file is File => file !== null));
      } catch {
        // The images are a convenience here: the user can choose them again.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [from, setFirstFrame, setLastFrame, setReferenceImages]);
}
