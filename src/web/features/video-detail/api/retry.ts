import { videosContract } from '#shared/videos.contract';
import { callApi } from '#web/lib/api';

/**
 * `POST /api/videos/{id}/retry` ('Tentar de novo'): the failed request made again with the same inputs. The
 * `clientKey` is kept until an answer, so a double click or a resent call makes one request.
 */
export async function retryVideo(id: string, clientKey: string) {
  return callApi(videosContract.retryVideo, { params: { id }, body: { clientKey } });
}
