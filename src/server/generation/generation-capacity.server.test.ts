import { describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger.server';
import { unlimitedCapacity } from './generation-capacity.server';

describe('the unlimited capacity', () => {
  it('lets every request send, counts nothing, and asks for a 429 to be waited out', async () => {
    const capacity = unlimitedCapacity();
    // No database: nothing is read or written.
    const db = {
      query: () => Promise.reject(new Error('the unlimited capacity must not query')),
    } as unknown as Parameters<typeof capacity.holdsSlot>[0];
    const request = { id: 'r', quality: 'fast' as const, providerProject: 'p' };
    expect(await capacity.holdsSlot(db, request.id)).toBe(true);
    expect(await capacity.refused(db, request, { retryAfterMs: 300, violations: [] })).toBe('wait');
    await capacity.sending(db, request);
    await capacity.succeeded(db, request);
    await capacity.release(db, request.id);
    await capacity.requeue(db, request.id);
    await capacity.heartbeat(db as never, request, createLogger('silent')).stop();
  });
});
