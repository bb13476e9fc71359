import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app';

/** The installable app's files (ADR 0032), served without a session. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

describe('installable app', () => {
  it('serves a manifest with the names, icons, colour, start URL and display an install needs', async () => {
    const answer = await fetch(`${app.url}/manifest.webmanifest`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await answer.json()) as Record<string, unknown> & { icons: Record<string, string>[] };
    expect(manifest).toMatchObject({
      short_name: 'Cena',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('serves a service worker that caches only hashed assets and the offline page', async () => {
    const answer = await fetch(`${app.url}/sw.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/javascript');
    const source = await answer.text();
    expect(source).toContain("url.pathname.startsWith('/assets/')");
    expect(source).not.toMatch(/\/api\/|\/media\//);
    const offline = await fetch(`${app.url}/offline`);
    expect(offline.status).toBe(200);
    expect(await offline.text()).toContain('Você está sem conexão');
  });
});
