import { Hono } from 'hono';
import type { AppEnv } from '#server/kernel/errors.server';

/**
 * What makes Cena installable (ADR 0032): the web app manifest (https://www.w3.org/TR/appmanifest/), the service
 * worker (which also shows Web Push's notifications, ADR 0038) and its offline page. The icons are PNGs in public/
 * (scripts/make-icons.ts), served with the build's other files. The worker never caches an API answer, a media file or a page: only the build's hashed files under
 * /assets/ (immutable, never private) and the offline page, shown when a page cannot be loaded at all.
 */

const THEME_COLOUR = '#4f46e5';
const BACKGROUND_COLOUR = '#fafaf9';
const OFFLINE_PATH = '/offline';

const MANIFEST = {
  name: 'Cena — vídeos com IA',
  short_name: 'Cena',
  description: 'Crie vídeos curtos com IA do Google e saiba quando ficam prontos.',
  lang: 'pt-BR',
  id: '/dashboard',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOUR,
  background_color: BACKGROUND_COLOUR,
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/** A new version of this text (CACHE name) replaces the old worker and drops its cache. */
const SERVICE_WORKER = `const CACHE = 'cena-shell-v1';
const OFFLINE = '${OFFLINE_PATH}';
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(OFFLINE)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Pages always come from the network (they may carry private data); the offline page only when it fails.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  if (!url.pathname.startsWith('/assets/')) return;
  // Hashed build files never change under their name: the cache is their copy.
  event.respondWith(
    caches.match(request).then((hit) => hit || fetch(request).then((answer) => {
      if (answer.ok) {
        const copy = answer.clone();
        caches.open(CACHE).then((cache) => cache.put(request, copy));
      }
      return answer;
    })),
  );
});
// Web Push (ADR 0038): the server's message is JSON { title, body, url, tag }; every push shows a notification
// (browsers require it of userVisibleOnly subscriptions), and a tap opens the request's page, or focuses it.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = {};
  }
  event.waitUntil(self.registration.showNotification(message.title || 'Cena', {
    body: message.body || '',
    tag: message.tag,
    lang: 'pt-BR',
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    data: { url: message.url || '/dashboard' },
  }));
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/dashboard', self.location.origin);
  // Only Cena's own pages: a notification never sends anyone elsewhere.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => client.url === target.href);
    return open ? open.focus() : self.clients.openWindow(target.href);
  }));
});
`;

const OFFLINE_HTML = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Sem conexão · Cena</title>
<meta name="theme-color" content="${THEME_COLOUR}">
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,
sans-serif;background:${BACKGROUND_COLOUR};color:#1c1917;text-align:center;padding:24px}
a{color:#3730a3;font-weight:600}</style></head>
<body><main><h1>Você está sem conexão</h1>
<p>A Cena precisa de internet para criar e mostrar seus vídeos. Seus vídeos continuam sendo feitos enquanto isso.</p>
<p><a href="/dashboard">Tentar de novo</a></p></main></body></html>`;

export function installableRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/manifest.webmanifest', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(JSON.stringify(MANIFEST), 200, { 'Content-Type': 'application/manifest+json' });
  });
  app.get('/sw.js', (c) => {
    // Browsers check a worker for updates at most daily; no-cache makes each check reach the server.
    c.header('Cache-Control', 'no-cache');
    return c.body(SERVICE_WORKER, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  app.get(OFFLINE_PATH, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(OFFLINE_HTML);
  });
  return app;
}
