import { describe, expect, it } from 'vitest';
import type { CreditsResponse } from '#shared/credits';
import { creditsContract } from '#shared/credits.contract';
import { videosContract } from '#shared/videos.contract';
import { fakeApi } from './web-api';
import { availability, credits, videoRequest } from './web-fixtures';

/** The page tests' fake API refuses what the real server could never answer, so a contract change breaks them. */
describe('fakeApi', () => {
  it('answers a declared operation with its declared status and body', async () => {
    const api = fakeApi();
    api.answer(videosContract.getVideo, { request: videoRequest({ id: 'req-9' }) });

    const response = await api.fetch('/api/videos/req-9', { method: 'GET' });

    expect(response.status).toBe(200);
    expect(((await response.json()) as { request: { id: string } }).request.id).toBe('req-9');
    expect(api.callsTo(videosContract.getVideo)).toHaveLength(1);
  });

  it('refuses a body its response schema refuses', async () => {
    const api = fakeApi();
    const offContract = { ...credits(10), balance: 1.5 } as CreditsResponse;
    api.answer(creditsContract.getCredits, offContract);

    await expect(api.fetch('/api/credits')).rejects.toThrow();
  });

  it('refuses an error code the operation does not declare, and answers a declared one with its status', async () => {
    const api = fakeApi();
    expect(() =>
      api.fail(creditsContract.getCredits, 'insufficient_credits', 'Créditos insuficientes.'),
    ).toThrow(/never answers insufficient_credits/);

    api.fail(videosContract.createVideo, 'insufficient_credits', 'Créditos insuficientes.');
    const response = await api.fetch('/api/videos', { method: 'POST' });
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({
      error: { code: 'insufficient_credits', message: 'Créditos insuficientes.', requestId: 'req-test' },
    });
  });

  it('tells a literal path from a parameter, and records a call nobody answered', async () => {
    const api = fakeApi();
    api.answer(videosContract.getAvailability, availability);
    api.answer(videosContract.getVideo, { request: videoRequest() });

    expect(await (await api.fetch('/api/videos/availability')).json()).toEqual(availability);
    expect(api.callsTo(videosContract.getVideo)).toHaveLength(0);

    await expect(api.fetch('/api/videos/availability/extra')).rejects.toThrow(/no answer/);
    expect(api.unexpected).toEqual(['GET /api/videos/availability/extra']);
  });
});
