import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Scalar } from '@scalar/hono-api-reference';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '#server/kernel/errors.server';

/**
 * `/docs/api`: the API reference, drawn in the browser by Scalar from the API's own OpenAPI document
 * (`/api/openapi.json`, generated from the contracts: ADR 0052), and the guide "Primeiro vídeo em cinco minutos"
 * (docs/api-guide.md). Scalar's script is served by Cena from the installed package: nothing is fetched from a CDN,
 * and the page's Content-Security-Policy lets it reach only Cena (ADR 0063).
 */

/** The package's files, from this module (src/server/api-reference) up to the app's root. */
const ROOT = new URL('../../../', import.meta.url);
const SCALAR_PACKAGE = new URL('node_modules/@scalar/api-reference/', ROOT);
/** The guide is a file of docs/, which the production image carries for this route (Dockerfile). */
const GUIDE_FILE = new URL('docs/api-guide.md', ROOT);

const API_REFERENCE_PATH = '/docs/api';
const API_GUIDE_PATH = '/docs/api/guia.md';

/** A file read once, at its first request; a failed read is tried again at the next. */
function cached<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

/**
 * The reference page's policy: Cena's own defaults (app.server.ts) plus Scalar's two script tags by this answer's
 * nonce (the bundle, then its inline start), its runtime styles, and web workers from blobs.
 */
function pagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The installed Scalar's version, read when the app is made (a small file, once). */
function scalarVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('package.json', SCALAR_PACKAGE), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export function apiReferenceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The bundle's address names its version, so it can be cached for good and changes with the package.
  const scriptPath = `${API_REFERENCE_PATH}/scalar-${scalarVersion()}.js`;
  const script = cached(async () => {
    const plain = await readFile(new URL('dist/browser/standalone.js', SCALAR_PACKAGE));
    return { plain, gzipped: await promisify(gzip)(plain) };
  });
  const guide = cached(() => readFile(GUIDE_FILE, 'utf8'));

  app.get(API_REFERENCE_PATH, (c, next) => {
    const nonce = randomBytes(16).toString('base64');
    c.header('Content-Security-Policy', pagePolicy(nonce));
    return Scalar<AppEnv>({
      url: '/api/openapi.json',
      cdn: scriptPath,
      nonce,
      pageTitle: 'Cena — referência da API',
      // Inter and the mono font come from fonts.scalar.com unless turned off; telemetry posts to Scalar.
      withDefaultFonts: false,
      telemetry: false,
    })(c, next);
  });

  app.get(scriptPath, async (c: Context<AppEnv>) => {
    const { plain, gzipped } = await script();
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Vary', 'Accept-Encoding');
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(gzipped));
    }
    return c.body(new Uint8Array(plain));
  });

  app.get(API_GUIDE_PATH, async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(await guide(), 200, { 'Content-Type': 'text/markdown; charset=utf-8' });
  });
  return app;
}
