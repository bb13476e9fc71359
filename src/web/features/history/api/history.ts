import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type HistoryFilters,
  type HistoryPage,
  type HistoryQuery,
  historySearchParams,
} from '../../../../shared/history-filters';
import { ApiError, api, isApiError } from '../../../lib/api';
import { VIDEOS_QUERY_KEY } from '../../videos';

/**
 * History calls (docs/history-contract.md). The list lives under the `videos` key, so the shell's SSE
 * `video_request` handler (videos/api/realtime.ts) refetches it on every insert, update and delete.
 */
export const historyQueryKey = (query: HistoryQuery) =>
  [...VIDEOS_QUERY_KEY, 'history', historySearchParams(query).toString()] as const;

export const historyQueryOptions = (query: HistoryQuery) =>
  queryOptions({
    queryKey: historyQueryKey(query),
    queryFn: ({ signal }) => {
      const params = historySearchParams(query).toString();
      return api.get<HistoryPage>(`/api/videos${params ? `?${params}` : ''}`, signal);
    },
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: (failures, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
  });

export function useHistory(query: HistoryQuery) {
  return useQuery(historyQueryOptions(query));
}

export function exportCsvUrl(filters: HistoryFilters): string {
  const params = historySearchParams({ ...filters, page: 1 }).toString();
  return `/api/videos/export.csv${params ? `?${params}` : ''}`;
}

/** The file name from `Content-Disposition` (filename="…"), else the contract's pattern for today. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads the CSV of the current filters (the server streams it; the browser saves it as a file). Rejects with an
 * ApiError on a failed answer, so the page can say so instead of saving an error page.
 */
export async function downloadHistoryCsv(filters: HistoryFilters, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(exportCsvUrl(filters), {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv' },
    });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw new ApiError(response.status, 'http_error', response.statusText);
  const blob = await response.blob();
  const name = fileNameOf(response, fallbackName);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoke after the click has been handled (revoking at once can cancel the download in some browsers).
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return name;
}
