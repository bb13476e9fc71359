import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { build } from 'vite';
import { LANGUAGES, type Language } from '../src/shared/language';
import { loginPreviewFile, NOT_FOUND_PATH, PRERENDERED_PATHS, prerenderedFile } from '../src/shared/routes';
import { fillPublicPage } from './public-page';

/**
 * Production build: the client bundle (the app and the public pages' islands), then every public page
 * prerendered to static HTML in every language (ADR 0004), then brotli and gzip copies of text assets for the
 * server to send as is.
 */

const root = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(root, 'src/web');
const clientDir = path.join(root, 'dist/client');
const prerenderDir = path.join(root, 'dist/prerender');
const configFile = path.join(root, 'vite.config.ts');
const SHELL = '_shell.html';
const ISLANDS_ENTRY = 'entry-islands.ts';
/** What the app's small entry imports once the document has painted (src/web/entry-client.tsx). */
const APP_START = 'app/start-app.tsx';
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;
type PrerenderedPage = Awaited<ReturnType<typeof import('../src/web/entry-prerender').render>>;

/** The files a manifest entry loads up front: its own, its static imports' (transitively) and their CSS. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (seen.has(key)) return [];
  seen.add(key);
  const files = [`/${chunk.file}`, ...(chunk.css ?? []).map((css) => `/${css}`)];
  for (const imported of chunk.imports ?? []) files.push(...staticClosure(manifest, imported, seen));
  return [...new Set(files)];
}

/**
 * What the app needs to show its sign-in page, the usual first step into it from a public page: prefetched by the
 * public pages' links into the app (app/islands/spa-prefetch.ts).
 */
function appAssets(manifest: Manifest, lang: Language): string[] {
  const entries = [
    'index.html',
    APP_START,
    'app/app-data-layout.tsx',
    'features/accounts/pages/login-page.tsx',
    `features/accounts/locales/${lang}.ts`,
  ];
  const seen = new Set<string>();
  return [...new Set(entries.flatMap((key) => staticClosure(manifest, key, seen)))];
}

/**
 * A public page's template: the built index.html without the app's scripts, with the islands script (ADR 0004) and
 * the list of app files to prefetch. The app's stylesheet stays (the pages share it). It is not inlined: the page's
 * HTML (≈ 9 KB brotli) fits the first TCP round trip's congestion window (≈ 14 KB), with the CSS it would take two
 * round trips before the browser even sees the LCP image's preload.
 */
function publicTemplate(shell: string, manifest: Manifest, lang: Language): string {
  const islands = staticClosure(manifest, ISLANDS_ENTRY).filter((file) => file.endsWith('.js'));
  const [islandsEntry, ...islandsImports] = islands;
  const tags = [
    `<script type="module" crossorigin src="${islandsEntry}"></script>`,
    ...islandsImports.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
  ].join('\n    ');
  const withoutApp = shell
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  if (withoutApp.includes('<script type="module"')) throw new Error('unexpected module script in index.html');
  return withAppAssets(withoutApp.replace('</head>', `    ${tags}\n  </head>`), manifest, lang, 'public');
}

/**
 * Of those, the ones a public page prefetches when idle, before any sign of intent (ADR 0012): the few large files
 * (React, the libraries) that are most of the bytes. Each request costs the page a moment of its main thread, so the
 * ≈ 35 small ones wait for a hover, focus or touch on a link into the app.
 */
const IDLE_PREFETCH_MIN_GZIP_BYTES = 8 * 1024;

function isLargeAsset(file: string): boolean {
  return gzipSync(readFileSync(path.join(clientDir, file))).length >= IDLE_PREFETCH_MIN_GZIP_BYTES;
}

/**
 * The list of the app's start-up files a document fetches ahead (src/web/lib/app-assets.ts), before </body>, and on
 * public pages the part of it worth fetching when idle.
 */
function withAppAssets(html: string, manifest: Manifest, lang: Language, page: 'public' | 'login'): string {
  const files = appAssets(manifest, lang);
  const blocks = [`<script type="application/json" id="cena-app-assets">${JSON.stringify(files)}</script>`];
  if (page === 'public') {
    const idle = JSON.stringify(files.filter(isLargeAsset));
    blocks.push(`<script type="application/json" id="cena-app-assets-idle">${idle}</script>`);
  }
  return html.replace('</body>', `  ${blocks.join('\n  ')}\n  </body>`);
}

/**
 * The sign-in page's document (ADR 0010): the app's entry, the page drawn in its root, inert, so the visitor sees
 * it before the app starts and cannot type into a copy the app is about to replace, and the list of every module
 * the page needs, which the entry preloads at once after that first paint (not chunk by chunk as imports run).
 */
function loginPreview(entryShell: string, manifest: Manifest, lang: Language, page: PrerenderedPage): string {
  const html = `<div inert data-login-preview>${page.html}</div>`;
  return withAppAssets(
    fillPublicPage(entryShell, { html, title: page.title, lang }),
    manifest,
    lang,
    'login',
  );
}

/** Adds a modulepreload for each script of `files` the document does not load yet. */
function withModulePreloads(html: string, files: string[]): string {
  const preloads = files
    .filter((file) => file.endsWith('.js') && !html.includes(`"${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('\n    ');
  return html.replace('</head>', `  ${preloads}\n  </head>`);
}

async function prerender(): Promise<void> {
  const manifest = JSON.parse(
    await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entryShell = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  // The app's other pages have nothing to paint first: their shell asks for the app's start-up files at once.
  const shell = withModulePreloads(entryShell, staticClosure(manifest, APP_START));
  await writeFile(path.join(clientDir, SHELL), shell);
  const entry = pathToFileURL(path.join(prerenderDir, 'entry-prerender.js')).href;
  const { render, renderLoginPreview, FIRST_POSTER } = (await import(
    entry
  )) as typeof import('../src/web/entry-prerender');
  for (const lang of LANGUAGES) {
    for (const googleEnabled of [false, true]) {
      const page = await renderLoginPreview(lang, googleEnabled);
      const file = path.join(clientDir, loginPreviewFile(lang, googleEnabled));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, loginPreview(entryShell, manifest, lang, page));
    }
    const template = publicTemplate(shell, manifest, lang);
    for (const pagePath of [...PRERENDERED_PATHS, NOT_FOUND_PATH] as const) {
      const page = await render(pagePath, lang);
      let html = fillPublicPage(template, { ...page, lang });
      // From the `lg` breakpoint the hero carousel sits beside the headline and its first poster is the landing's
      // LCP image: asked for first (after the viewport, which its sizes depend on). Narrower, the poster comes
      // below the headline and the LCP is the hero's text, which waits for the stylesheet: there the poster must
      // not share the first round trips with it.
      if (pagePath === '/' && FIRST_POSTER) {
        html = html.replace(
          '<title>',
          `<link rel="preload" as="image" imagesrcset="${FIRST_POSTER.srcset}" imagesizes="${FIRST_POSTER.sizes}" media="${FIRST_POSTER.media}" fetchpriority="high">\n    <title>`,
        );
      }
      const file = path.join(clientDir, prerenderedFile(pagePath, lang));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, html);
    }
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
await build({
  configFile,
  logLevel: 'warn',
  build: {
    manifest: true,
    rollupOptions: {
      input: { app: path.join(webRoot, 'index.html'), islands: path.join(webRoot, ISLANDS_ENTRY) },
    },
  },
});
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
