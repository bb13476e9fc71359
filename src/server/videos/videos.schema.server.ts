/**
 * The video requests' table lives with its row in src/server/video-requests (ADR 0022), which the history, the
 * account rights and the notifications read without depending on this domain; the videos domain names it here.
 */
export { videoRequests } from '#server/video-requests/video-requests.schema.server';
