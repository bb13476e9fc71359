import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app';
import { signingEnv } from '#tests/support/content-credentials';
import { STRIPE_TEST_ENV } from '#tests/support/fake-stripe';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

const get = (path: string, init?: RequestInit) => fetch(`${app.url}${path}`, { redirect: 'manual', ...init });

describe('operations endpoints', () => {
  it('answers /healthz while the process is up', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz once the database is reachable and migrated', async () => {
    const response = await get('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', database: true, migrations: true });
  });

  it('tags every response with a request id', async () => {
    const response = await get('/healthz');
    expect(response.headers.get('x-request-id')).toMatch(/.+/);
  });
});

describe('API fallbacks', () => {
  it('answers unknown /api paths with a JSON 404 for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      // As a browser sends it: unsafe methods carry the page's Origin (a foreign one is refused first, with 403).
      const response = await get('/api/does-not-exist', { method, headers: { origin: app.url } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toMatchObject({
        error: { code: 'not_found', message: 'Rota não encontrada.' },
      });
    }
  });
});

describe('web pages', () => {
  it('serves prerendered public pages with their Portuguese content and no-cache', async () => {
    const response = await get('/pricing');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('data-prerendered');
    expect(html).toContain('Starter');
    expect(html).toContain('R$');
  });

  it('fills in the configured support e-mail and the runtime config block', async () => {
    const html = await (await get('/contact')).text();
    expect(html).toContain('suporte@cena.test');
    expect(html).not.toContain('__CENA_SUPPORT_EMAIL__');
    expect(html).toContain(
      '<script type="application/json" id="cena-config">{"supportEmail":"suporte@cena.test","googleEnabled":false,"devMailbox":true,"videoModel":"Prévia local"}',
    );
  });

  it('names the model family videos are really made with on the landing page', async () => {
    const html = await (await get('/')).text();
    expect(html).not.toContain('__CENA_VIDEO_MODEL__');
    expect(html).toMatch(/<li[^>]*>(<[^>]+>)*Prévia local</);
    // The English page says it in English, in its markup and in the config the app starts from.
    const english = await (await get('/?lang=en')).text();
    expect(english).toMatch(/<li[^>]*>(<[^>]+>)*Local preview</);
    expect(english).toContain('"videoModel":"Local preview"');
    expect(english).not.toContain('Prévia local');
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const response = await get('/esta-pagina-nao-existe');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Oops! Page not found');
  });

  it('serves the app shell for signed-in routes, including ones with an id', async () => {
    for (const path of ['/dashboard', '/dashboard/request/3f1c', '/auth/login']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root"');
    }
  });

  it('draws the sign-in page into its document, inert until the app replaces it, in the chosen language', async () => {
    const distDir = path.resolve(import.meta.dirname, '../../../dist/client');
    const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const portuguese = await (await get('/auth/login')).text();
    expect(portuguese).toMatch(/<div inert data-login-preview>.*Acesse sua conta/s);
    expect(portuguese).toContain('<title>Entrar — Cena</title>');
    // Its chunks are listed for the entry to fetch at once, not discovered one import at a time as the app runs.
    const assets = portuguese.match(
      /<script type="application\/json" id="cena-app-assets">([^<]+)<\/script>/,
    )?.[1];
    expect(JSON.parse(assets ?? '[]')).toContain(
      `/${manifest['features/accounts/pages/login-page.tsx']?.file}`,
    );
    const english = await (await get('/auth/login?lang=en')).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toMatch(/<div inert data-login-preview>.*Access your account/s);
  });

  it('redirects /admin to the admin panel', async () => {
    const response = await get('/admin');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/admin-x7k9m2');
  });

  it('compresses HTML with brotli or gzip as the browser accepts', async () => {
    const br = await get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gzip = await get('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('<html');
  });

  it('serves hashed assets as immutable, precompressed', async () => {
    const html = await (await get('/')).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const response = await get(script ?? '', { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
  });

  it("ships the public pages without the app: no script of the app's router entry on the landing", async () => {
    // The web build's manifest names the app's entry (index.html), what the entry starts (React, the router) and
    // every chunk they import up front.
    const distDir = path.resolve(import.meta.dirname, '../../../dist/client');
    const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const closure = (key: string, files = new Set<string>()): Set<string> => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return files;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) closure(imported, files);
      return files;
    };
    const appFiles = closure('app/start-app.tsx', closure('index.html'));
    expect(appFiles.size).toBeGreaterThan(10);
    const islandsFiles = closure('entry-islands.ts');
    const appOnly = [...appFiles].filter((file) => !islandsFiles.has(file));
    expect(appOnly.length).toBeGreaterThan(0);

    for (const page of ['/', '/pricing', '/faq', '/?lang=en']) {
      const html = await (await get(page)).text();
      const loaded = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
        (match) => match[1],
      );
      expect(loaded.length, page).toBeGreaterThan(0);
      for (const file of loaded) expect(appOnly, `${page} loads ${file}`).not.toContain(file);
      expect(loaded, page).toContain(manifest['entry-islands.ts']?.file);
      // Prefetched, never run: all of the app's start-up files on intent, only the large ones when idle (ADR 0012).
      const list = (id: string) =>
        JSON.parse(
          html.match(new RegExp(`<script type="application/json" id="${id}">([^<]+)</script>`))?.[1] ?? '[]',
        ) as string[];
      const all = list('cena-app-assets');
      const idle = list('cena-app-assets-idle');
      expect(idle.length, page).toBeGreaterThan(0);
      expect(idle.length, page).toBeLessThan(all.length / 4);
      for (const file of idle) expect(all, page).toContain(file);
    }
    // A page's island, as it runs on the page, imports none of the app's libraries (React, zod, the form libraries):
    // a public page's budget is a few kilobytes of script (ADR 0004); they come only with a click that needs them.
    const islands = Object.keys(manifest).filter((key) => /^features\/[^/]+\/islands\/[^/]+\.ts$/.test(key));
    expect(islands).toContain('features/public/islands/pricing.ts');
    for (const island of ['entry-islands.ts', ...islands]) {
      const frameworks = [...closure(island)].filter((file) =>
        /^assets\/(react|forms|libraries)-/.test(file),
      );
      expect(frameworks, island).toEqual([]);
    }
    // The app's pages still get the app.
    const shell = await (await get('/auth/login')).text();
    expect(shell).toContain(`src="/${manifest['index.html']?.file}"`);
  });

  it("serves each language's prerendered page by ?lang= and remembers the choice in a cookie", async () => {
    const english = await get('/pricing?lang=en');
    expect(english.headers.get('set-cookie')).toContain('cena.lang=en');
    expect(await english.text()).toContain('<html lang="en">');
    const remembered = await get('/faq', { headers: { cookie: 'cena.lang=en' } });
    expect(await remembered.text()).toContain('<html lang="en">');
    expect(remembered.headers.get('vary')).toContain('Cookie');
    const portuguese = await get('/faq');
    expect(await portuguese.text()).toContain('<html lang="pt-BR">');
  });

  it('serves the landing sample videos with range requests', async () => {
    const response = await get('/samples/sample-1.mp4', { headers: { range: 'bytes=0-99' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect((await response.arrayBuffer()).byteLength).toBe(100);
  });
});

describe('security headers', () => {
  it('sends CSP, nosniff and frame-ancestors none, and no HSTS outside production', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS in production', async () => {
    // Production needs real e-mail and a real video model; nothing is sent or generated in this test, so neither
    // server need exist (the Gemini base is a closed local port: no test reaches the internet).
    const production = await startTestApp({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEY: 'test-key',
      VEO_API_BASE: 'http://127.0.0.1:9/v1beta',
      ...STRIPE_TEST_ENV,
      ...signingEnv(),
    });
    try {
      const response = await fetch(`${production.url}/healthz`);
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await production.stop();
    }
  });
});
