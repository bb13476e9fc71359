import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAxe, seriousViolations } from './axe';
import { describeBrowser, launchBrowser } from './browser';

/**
 * The accessibility walk's axe, as it now runs (ADR 0072, browser tests): put into a context once, under a CSP that
 * allows no inline script (as the app's pages send), it still reaches every page and still reports a serious
 * violation whole, although only violations are collected.
 */

const PAGE = `<!doctype html><html lang="pt-BR"><head><title>Contraste</title></head><body><main>
<p style="color:#777;background:#888">Texto quase invisível</p><p style="color:#767;background:#878">Outro</p>
</main></body></html>`;

let server: Server;
let browser: Browser;
let url = '';

describeBrowser('axe in the browser tests', () => {
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/html',
        'content-security-policy': "script-src 'self'",
      });
      response.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('reaches each page of a context under a strict CSP and reports every node of a serious violation', async () => {
    const context = await browser.newContext();
    await addAxe(context);
    const page = await context.newPage();
    for (const path of ['/one', '/two']) {
      await page.goto(`${url}${path}`);
      expect(await page.evaluate(() => 'axe' in window)).toBe(true);
      const [contrast, ...others] = await seriousViolations(page);
      expect(others).toEqual([]);
      expect(contrast).toMatch(/^color-contrast \(serious\)/);
      // Both paragraphs, not the one node axe keeps of a result type it was not asked for.
      expect(contrast?.split(' | ')).toHaveLength(2);
    }
    await context.close();
  });
});
