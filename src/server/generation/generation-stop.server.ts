import type pg from 'pg';
import type { Logger } from '#server/logger.server';
import {
  forgetLeftovers,
  recordLeftover,
  type VideoProvider,
} from '#server/video-providers/video-providers.server';

/**
 * Ending a generation at the provider that no request will read (ADR 0019): one given up on at its deadline or left
 * open, and one whose create was answered after its request was settled.
 */

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error as Error)?.name === 'AbortError';
}

/**
 * Stops a generation Cena gave up on and deletes what the provider stored of it, so it is neither finished nor kept
 * for no one; `finished` when it had ended meanwhile (nothing deleted: it may hold the video). Best effort — the
 * refund does not wait on an unreachable provider.
 */
export async function stopGeneration(
  provider: VideoProvider,
  operationName: string,
  log: Logger,
  signal: AbortSignal | undefined,
): Promise<'cancelled' | 'finished' | 'unreachable'> {
  try {
    const outcome = (await provider.cancel?.(operationName, signal)) ?? 'finished';
    if (outcome === 'cancelled') {
      await provider.forget?.(operationName, signal);
      log.warn({ operationName }, 'generation cancelled and deleted at the provider');
    }
    return outcome;
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    log.error({ err: error, operationName }, 'could not stop a generation at the provider');
    return 'unreachable';
  }
}

type ProviderOf = (project: string | null) => VideoProvider;

/** One recorded generation deleted at Google now, best effort: a failure stays recorded for a later try. */
export async function forgetRecorded(
  pool: pg.Pool,
  providerOf: ProviderOf,
  operationName: string,
  log: Logger,
): Promise<void> {
  try {
    await forgetLeftovers(pool, providerOf, log, { operationName });
  } catch (error) {
    log.warn({ err: error, operationName }, 'could not delete a generation at Google now; it stays recorded');
  }
}

/**
 * A create answered after its request was settled (failed meanwhile: an account deleted while the create was in
 * flight): no request will read it, so it is recorded, then stopped and deleted at Google.
 */
export async function abandonGeneration(
  pool: pg.Pool,
  providerOf: ProviderOf,
  generation: { operationName: string; userId: string; requestId: string; providerProject: string | null },
  log: Logger,
): Promise<void> {
  await recordLeftover(pool, { ...generation, reason: 'abandoned', sentAt: new Date() });
  await forgetRecorded(pool, providerOf, generation.operationName, log);
}
