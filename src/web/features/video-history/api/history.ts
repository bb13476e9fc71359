import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pathOf } from '#shared/api-contract';
import { type HistoryFilters, type HistoryQuery, historySearchParams } from '#shared/history-filters';
import { videosContract } from '#shared/videos.contract';
import { QUEUE_POLL_MS, VIDEOS_QUERY_KEY } from '#web/features/videos';
import { callApi, isApiError } from '#web/lib/api';
import { downloadAttachment } from '#web/lib/download';

/**
 * History calls (docs/history-contract.md). The list lives under the `videos` key, so the shell's SSE
 * `video_request` handler (videos/api/realtime.ts) refetches it on every insert, update and delete.
 */
const historyQueryKey = (query: HistoryQuery) =>
  [...VIDEOS_QUERY_KEY, 'history', historySearchParams(query).toString()] as const;

const historyQueryOptions = (query: HistoryQuery) =>
  queryOptions({
    queryKey: historyQueryKey(query),
    queryFn: ({ signal }) =>
      callApi(videosContract.listVideos, {
        query: Object.fromEntries(historySearchParams(query)),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.queue) ? QUEUE_POLL_MS : false),
    retry: (failures, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
  });

export function useHistory(query: HistoryQuery) {
  return useQuery(historyQueryOptions(query));
}

/** The CSV's address: a file the browser saves, so not a `callApi` call, but the declaration's path. */
function exportCsvUrl(filters: HistoryFilters): string {
  const params = historySearchParams({ ...filters, page: 1 }).toString();
  return `${pathOf(videosContract.exportVideosCsv, {})}${params ? `?${params}` : ''}`;
}

/**
 * Downloads the CSV of the current filters (the server streams it; the browser saves it as a file). Rejects with an
 * ApiError on a failed answer, so the page can say so instead of saving an error page.
 */
export function downloadHistoryCsv(filters: HistoryFilters, fallbackName: string): Promise<string> {
  return downloadAttachment(exportCsvUrl(filters), 'text/csv', fallbackName);
}
