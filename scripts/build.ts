import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { build } from 'vite';
import { NOT_FOUND_PATH, PRERENDERED_PATHS } from '../src/shared/routes';

/**
 * Production build: the client bundle, then every public page prerendered to static HTML so its content
 * paints before JavaScript runs, then brotli and gzip copies of text assets for the server to send as is.
 */

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const prerenderDir = path.join(root, 'dist/prerender');
const configFile = path.join(root, 'vite.config.ts');
const SHELL = '_shell.html';
const APP_MARKER = '<div id="root"><!--app-html--></div>';
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

function outputFile(pagePath: string): string {
  if (pagePath === '/') return path.join(clientDir, 'index.html');
  if (pagePath === NOT_FOUND_PATH) return path.join(clientDir, '404.html');
  return path.join(clientDir, pagePath.slice(1), 'index.html');
}

/**
 * Prerendered pages already show their content, so their JavaScript must not compete with it for a slow mobile
 * connection: a tiny classic script starts the app (module preloads, then the entry) once the page has loaded and
 * painted.
 * The SPA shell of signed-in pages has nothing to show without JavaScript and keeps Vite's tags as they are.
 */
const BOOT_SOURCE = `(function () {
  var me = document.currentScript;
  var entry = me.getAttribute('data-entry');
  var preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function start() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.appendChild(script);
  }
  // Only after the page has loaded and its first contentful paint is on screen, so the content (and its hero image)
  // never waits behind script downloads on a slow connection.
  var loaded = document.readyState === 'complete';
  var painted = false;
  var started = false;
  function maybeStart() {
    if (started || !loaded || !painted) return;
    started = true;
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if ('PerformanceObserver' in window && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        painted = true;
        maybeStart();
      }
    }).observe({ type: 'paint', buffered: true });
  } else {
    painted = true;
  }
  // A page opened in a background tab reports no first paint: start once it is shown, or after a while anyway.
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible') {
      painted = true;
      maybeStart();
    }
  });
  setTimeout(function () {
    painted = true;
    maybeStart();
  }, 3000);
  if (!loaded) {
    window.addEventListener('load', function () {
      loaded = true;
      maybeStart();
    }, { once: true });
  }
  maybeStart();
})();
`;

async function writeBootScript(): Promise<string> {
  const hash = createHash('sha256').update(BOOT_SOURCE).digest('hex').slice(0, 10);
  const name = `/assets/boot-${hash}.js`;
  await writeFile(path.join(clientDir, name), BOOT_SOURCE);
  return name;
}

function deferScripts(shell: string, bootScript: string): string {
  const entry = shell.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry?.[1]) throw new Error('the built index.html has no module entry script');
  const preloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  );
  return shell
    .replace(
      entry[0],
      `<script defer src="${bootScript}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`,
    )
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
}

async function prerender(): Promise<void> {
  const appShell = await readFile(path.join(clientDir, SHELL), 'utf8');
  if (!appShell.includes(APP_MARKER)) throw new Error(`index.html must contain ${APP_MARKER}`);
  const shell = deferScripts(appShell, await writeBootScript());
  const entry = pathToFileURL(path.join(prerenderDir, 'entry-prerender.js')).href;
  const { render } = (await import(entry)) as { render(url: string): Promise<string> };
  for (const pagePath of [...PRERENDERED_PATHS, NOT_FOUND_PATH]) {
    const html = await render(pagePath);
    const file = outputFile(pagePath);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, shell.replace(APP_MARKER, `<div id="root" data-prerendered>${html}</div>`));
  }
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function precompress(): Promise<void> {
  for await (const file of walk(clientDir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 1024) continue;
    const content = await readFile(file);
    await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
    await writeFile(
      `${file}.br`,
      brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

const started = performance.now();
await build({ configFile, logLevel: 'warn' });
await copyFile(path.join(clientDir, 'index.html'), path.join(clientDir, SHELL));
await build({
  configFile,
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: path.join(root, 'src/web/entry-prerender.tsx'),
    outDir: prerenderDir,
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: 'entry-prerender.js' } },
  },
});
await prerender();
await rm(prerenderDir, { recursive: true, force: true });
await precompress();
console.log(`Web build ready in dist/client (${Math.round(performance.now() - started)} ms).`);
