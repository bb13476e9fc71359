import { apiFetch, readApiError } from './api';

/** The file name from `Content-Disposition` (filename="…"), else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads an attachment the API streams (CSV history, data export) and has the browser save it. Rejects with an
 * ApiError — the server's code and pt-BR message when it sent one — on a failed answer, so the page can say so
 * instead of saving an error page. Returns the saved file's name.
 */
export async function downloadAttachment(
  path: string,
  accept: string,
  fallbackName: string,
): Promise<string> {
  const response = await apiFetch(path, { headers: { Accept: accept } });
  if (!response.ok) throw await readApiError(response);
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
