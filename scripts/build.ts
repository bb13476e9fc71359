import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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

async function prerender(): Promise<void> {
  const shell = await readFile(path.join(clientDir, SHELL), 'utf8');
  if (!shell.includes(APP_MARKER)) throw new Error(`index.html must contain ${APP_MARKER}`);
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
    await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
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
