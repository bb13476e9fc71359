import vm from 'node:vm';
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

  it("shows a push message as a notification, and a tap opens the request's page or focuses it", async () => {
    const source = await (await fetch(`${app.url}/sw.js`)).text();
    const worker = runWorker(source);
    const message = {
      title: 'Seu vídeo está pronto',
      body: '“Um gato”',
      url: `${ORIGIN}/dashboard/request/r1`,
      tag: 't1',
    };
    await worker.dispatch('push', { data: { json: () => message } });
    expect(worker.shown).toEqual([
      {
        title: 'Seu vídeo está pronto',
        options: expect.objectContaining({ body: '“Um gato”', tag: 't1', data: { url: message.url } }),
      },
    ]);
    // A push whose data is not JSON still shows something: browsers require a notification for every push.
    await worker.dispatch('push', { data: { json: () => JSON.parse('nope') } });
    expect(worker.shown[1]?.title).toBe('Cena');

    await worker.dispatch('notificationclick', worker.notification({ url: message.url }));
    expect(worker.opened).toEqual([message.url]);
    worker.windows.push({ url: message.url, focus: async () => worker.focused.push(message.url) });
    await worker.dispatch('notificationclick', worker.notification({ url: message.url }));
    expect(worker.focused).toEqual([message.url]);
    await worker.dispatch('notificationclick', worker.notification({ url: 'https://elsewhere.example/x' }));
    expect(worker.opened).toEqual([message.url]);
  });
});

const ORIGIN = 'https://cena.example';

/** The worker's script run against a stand-in of its global scope (https://www.w3.org/TR/service-workers/). */
function runWorker(source: string) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const windows: { url: string; focus: () => Promise<unknown> }[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) =>
        void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  vm.runInNewContext(source, { self, URL, caches: {}, fetch });
  return {
    shown,
    opened,
    focused,
    windows,
    notification: (data: unknown) => ({ notification: { data, close: () => undefined } }),
    async dispatch(type: string, event: object) {
      let work: Promise<unknown> = Promise.resolve();
      listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
      await work;
    },
  };
}
