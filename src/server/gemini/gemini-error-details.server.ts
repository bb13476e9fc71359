import type { QuotaViolation } from '#server/video-providers/video-providers.server';

/** What Google's error bodies say about waiting and quotas (gemini-client.server.ts reads them from each failure). */

/** `"30s"`, `"1.5s"` (google.protobuf.Duration in JSON) → milliseconds. */
function durationMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** The delay Google asks for: RetryInfo in the error body first, then the Retry-After header. */
export function retryDelayFrom(body: string, retryAfter: string | null | undefined): number | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: { details?: { '@type'?: string; retryDelay?: unknown }[] } };
    for (const detail of parsed.error?.details ?? []) {
      if (detail['@type']?.endsWith('google.rpc.RetryInfo')) {
        const delay = durationMs(detail.retryDelay);
        if (delay !== undefined) return delay;
      }
    }
  } catch {
    // Not JSON: fall through to the header.
  }
  if (!retryAfter) return undefined;
  if (/^\d+$/.test(retryAfter.trim())) return Number(retryAfter.trim()) * 1000;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * The limits a 429 names: `google.rpc.QuotaFailure` `violations` {quotaMetric, quotaId, quotaDimensions,
 * quotaValue} (https://github.com/googleapis/googleapis/blob/master/google/rpc/error_details.proto; Gemini API
 * answers quoted in https://github.com/Aider-AI/aider/issues/3694 — `GenerateRequestsPerMinutePerProjectPerModel` —
 * and https://github.com/googleapis/python-genai/issues/2044 — `GenerateRequestsPerDayPerProjectPerModel-FreeTier`,
 * `quotaValue` a decimal string). Token limits (`…InputTokens…PerMinute`) are not requests: `other`.
 */
export function quotaViolationsFrom(body: string): QuotaViolation[] {
  const jsonStart = body.indexOf('{');
  if (jsonStart < 0) return [];
  try {
    const parsed = JSON.parse(body.slice(jsonStart)) as {
      error?: {
        details?: { '@type'?: string; violations?: { quotaId?: unknown; quotaValue?: unknown }[] }[];
      };
    };
    return (parsed.error?.details ?? [])
      .filter((detail) => detail['@type']?.endsWith('google.rpc.QuotaFailure'))
      .flatMap((detail) => detail.violations ?? [])
      .map((violation) => ({
        dimension: dimensionOf(String(violation.quotaId ?? '')),
        limit: /^\d+$/.test(String(violation.quotaValue ?? '')) ? Number(violation.quotaValue) : undefined,
      }));
  } catch {
    return [];
  }
}

function dimensionOf(quotaId: string): QuotaViolation['dimension'] {
  if (/Tokens/i.test(quotaId)) return 'other';
  if (/Requests?PerMinute/i.test(quotaId)) return 'requestsPerMinute';
  if (/Requests?PerDay/i.test(quotaId)) return 'requestsPerDay';
  if (/Concurrent/i.test(quotaId)) return 'inFlight';
  return 'other';
}
