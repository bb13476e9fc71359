import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from './openapi.server';

/**
 * Which operations an API key reaches (ADR 0063), decided once in the contracts (`apiKey`): what makes and reads
 * videos, the balance and the cast's list — never the account, its keys, billing, invites, admin, sign-in or the
 * event stream, and never a cast member's saving (a person's likeness consent is given in the web, by the owner).
 */

const keyed = API_OPERATIONS.filter((operation) => operation.apiKey);
const list = (scope: 'read' | 'create') =>
  keyed
    .filter((operation) => operation.apiKey === scope)
    .map((operation) => `${operation.method.toUpperCase()} ${operation.path}`)
    .sort();

describe('what an API key reaches', () => {
  it('reads with `read`', () => {
    expect(list('read')).toEqual([
      'GET /api/cast',
      'GET /api/credits',
      'GET /api/dashboard/recent',
      'GET /api/dashboard/stats',
      'GET /api/films/candidates',
      'GET /api/films/{id}/scenes',
      'GET /api/stories',
      'GET /api/stories/{id}',
      'GET /api/videos',
      'GET /api/videos/availability',
      'GET /api/videos/estimate',
      'GET /api/videos/export.csv',
      'GET /api/videos/queue',
      'GET /api/videos/{id}',
      'GET /api/videos/{id}/captions',
      'GET /api/videos/{id}/captions.vtt',
      'GET /api/videos/{id}/versions',
    ]);
  });

  it('makes videos, films, stories and share links with `create`, and nothing else', () => {
    expect(list('create')).toEqual([
      'POST /api/films',
      'POST /api/stories',
      'POST /api/stories/{id}/drafts',
      'POST /api/stories/{id}/finish',
      'POST /api/stories/{id}/shots/{shotId}/reroll',
      'POST /api/videos',
      'POST /api/videos/prompt-preview',
      'POST /api/videos/{id}/edits',
      'POST /api/videos/{id}/extensions',
      'POST /api/videos/{id}/finish',
      'POST /api/videos/{id}/keep',
      'POST /api/videos/{id}/retry',
      'POST /api/videos/{id}/share',
    ]);
  });

  it('never takes a key on the account, keys, billing, invites, admin, auth or events', () => {
    const closed = /^\/api\/(me|auth|billing|admin|invites|events|nfse|dev|gemini)(\/|$)/;
    expect(keyed.filter((operation) => closed.test(operation.path))).toEqual([]);
    expect(keyed.every((operation) => operation.auth === 'session')).toBe(true);
  });
});
