import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebPages } from './web-pages.server';

/**
 * The prerendered pages' trial line (ADR 0040): said while the operator gives the trial, dropped from the document
 * while TRIAL_ENABLED is off, so a page never offers what the server will not grant.
 */

let dist: string;
const config = {
  supportEmail: 'suporte@cena.test',
  googleEnabled: false,
  devMailbox: false,
  videoModel: 'x',
};
// What React writes for the web's TrialClaim item (`data-trial-claim=""`).
const claim = renderToStaticMarkup(<li data-trial-claim="">Seu primeiro vídeo é grátis</li>);

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'cena-pages-'));
  await writeFile(path.join(dist, '_shell.html'), '<html></html>');
  await writeFile(path.join(dist, '404.html'), '<html>404</html>');
  await writeFile(
    path.join(dist, 'index.html'),
    `<html><ul><li>Pronto em minutos</li>${claim}<li>Créditos devolvidos</li></ul></html>`,
  );
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

const landing = async (trialEnabled: boolean) => {
  const pages = new WebPages(dist, config, trialEnabled);
  const app = new Hono().get('*', (c) => pages.respond(c));
  return (await app.request('/')).text();
};

describe('the trial line of the prerendered pages', () => {
  it('stays while the trial is on and goes while it is off, leaving the rest', async () => {
    expect(await landing(true)).toContain('Seu primeiro vídeo é grátis');
    const off = await landing(false);
    expect(off).not.toContain('grátis');
    expect(off).toContain('<ul><li>Pronto em minutos</li><li>Créditos devolvidos</li></ul>');
  });
});
