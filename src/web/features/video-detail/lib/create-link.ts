import { chosenFieldsOf, type VideoRequestView } from '#shared/video-request';

/**
 * The create page prefilled with this request's chosen fields (the create form reads each back,
 * `valuesFromSearch`); `from` lets it carry the request's images over too.
 */
export function createLink(request: VideoRequestView): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(chosenFieldsOf(request))) {
    if (value !== null) params.set(key, String(value));
  }
  if (request.firstFrameUrl || request.referenceImageUrls.length > 0) params.set('from', request.id);
  // The cast is picked again by id (its images are not carried as files).
  for (const member of request.cast) params.append('cast', member.id);
  return `/dashboard/create?${params.toString()}`;
}
