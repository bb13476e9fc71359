import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_CONTRACTS } from '#server/http/api-contracts.server';
import { ROOT, startTestApp, type TestApp } from '#tests/support/app';

/**
 * `/docs/api` on the real server: Scalar's page over `/api/openapi.json`, its bundle served by Cena from
 * node_modules (no CDN, nothing fetched from elsewhere), and a document that names every public operation with the
 * API key's Bearer scheme; the guide beside it.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

it('serves the reference page, its script from node_modules and the guide, fetching nothing from elsewhere', async () => {
  const page = await fetch(`${app.url}/docs/api`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const policy = page.headers.get('content-security-policy') ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeDefined();
  expect(policy).toContain("connect-src 'self'");
  // Every script is Cena's own, allowed by this answer's nonce; no address outside Cena anywhere in the page.
  const scripts = [...html.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes ?? '');
  expect(scripts.length).toBeGreaterThanOrEqual(2);
  for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  expect(html).not.toMatch(/https?:\/\//);
  expect(html).toContain('"url": "/api/openapi.json"');

  const version = JSON.parse(
    readFileSync(path.join(ROOT, 'node_modules/@scalar/api-reference/package.json'), 'utf8'),
  ).version;
  const src = /<script src="([^"]+)"/.exec(html)?.[1];
  expect(src).toBe(`/docs/api/scalar-${version}.js`);
  const script = await fetch(`${app.url}${src}`, { headers: { 'Accept-Encoding': 'identity' } });
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toContain('text/javascript');
  const bundle = readFileSync(
    path.join(ROOT, 'node_modules/@scalar/api-reference/dist/browser/standalone.js'),
  );
  expect(Buffer.from(await script.arrayBuffer()).equals(bundle)).toBe(true);

  const guide = await fetch(`${app.url}/docs/api/guia.md`);
  expect(guide.headers.get('content-type')).toContain('text/markdown');
  expect(await guide.text()).toBe(readFileSync(path.join(ROOT, 'docs/api-guide.md'), 'utf8'));
});

it('renders the document that names every public operation and declares the Bearer scheme', async () => {
  const document = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId: string }>>;
    components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    info: { description: string };
  };
  const named = Object.values(document.paths).flatMap((methods) =>
    Object.values(methods).map((operation) => operation.operationId),
  );
  const declared = API_CONTRACTS.flatMap((contract) =>
    Object.entries(contract)
      .filter(([, operation]) => !operation.localOnly)
      .map(([name]) => name),
  );
  expect(declared).toContain('estimateVideo');
  expect(named).toEqual(expect.arrayContaining(declared));
  expect(Object.values(document.components.securitySchemes)).toContainEqual(
    expect.objectContaining({ type: 'http', scheme: 'bearer' }),
  );
  expect(document.info.description).toContain('/docs/api/guia.md');
});
