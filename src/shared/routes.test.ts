import { describe, expect, it } from 'vitest';
import { isKnownPagePath, isPrerenderedPath } from './routes';

describe('route table', () => {
  it('knows every page of the spec, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/pricing',
      '/faq/',
      '/dashboard',
      '/dashboard/request/abc-123',
      '/dashboard/stories',
      '/dashboard/stories/abc-123',
      '/admin-x7k9m2',
    ]) {
      expect(isKnownPagePath(path)).toBe(true);
    }
  });

  it('treats anything else as unknown', () => {
    for (const path of [
      '/nope',
      '/dashboard/request',
      '/dashboard/request/a/b',
      '/dashboard/stories/a/b',
      '/pricing/extra',
      '/admin',
    ]) {
      expect(isKnownPagePath(path)).toBe(false);
    }
  });

  it('prerenders only the public pages', () => {
    expect(isPrerenderedPath('/terms')).toBe(true);
    expect(isPrerenderedPath('/dashboard')).toBe(false);
  });
});
