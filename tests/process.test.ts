import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Spawned, spawnCollecting } from './support/child-process';
import { freePort } from './support/free-port';

/**
 * `npm start` as an operator runs it: no DATABASE_URL, so the process starts its own embedded PostgreSQL in
 * DATA_DIR, serves the site, refuses a second process on the same data, and stops cleanly on SIGTERM.
 */

type Started = Spawned;

function startCena(env: Record<string, string>): Started {
  return spawnCollecting(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    ...env,
  });
}

async function waitUntilReady(url: string, started: Started): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`Cena exited early:\n${started.output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Cena did not become ready:\n${started.output()}`);
}

let dataDir: string;
let url: string;
let first: Started;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cena-process-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    DATABASE_URL: '',
  };
  url = `http://127.0.0.1:${port}`;
  first = startCena(env);
  await waitUntilReady(url, first);
}, 60_000);

afterAll(async () => {
  if (first.child.exitCode === null) {
    first.child.kill('SIGTERM');
    await first.exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start with no configuration', () => {
  it('serves every public page with its Portuguese content', async () => {
    const pages: Record<string, string> = {
      '/': 'Prévia local', // the model chip: no Gemini key, so the local preview
      '/pricing': 'Creator',
      '/faq': 'Perguntas frequentes',
      '/terms': '18',
      '/privacy': '90',
      '/contact': 'suporte@cena.app',
      '/how-it-works': '/pricing',
    };
    for (const [page, text] of Object.entries(pages)) {
      const response = await fetch(`${url}${page}`);
      expect(response.status, page).toBe(200);
      const html = await response.text();
      expect(html.includes('lang="pt-BR"'), `${page} is in pt-BR`).toBe(true);
      expect(html.includes(text), `${page} shows "${text}"`).toBe(true);
    }
  });

  it('answers an unknown path with 404 and the 404 page', async () => {
    const response = await fetch(`${url}/nao-existe`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Oops! Page not found');
  });

  it('refuses a second process on the same data directory with a clear error', async () => {
    const second = startCena({ ...env, PORT: String(await freePort()) });
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain('is in use by another Cena process');
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it('stops cleanly on SIGTERM and releases the data directory', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(existsSync(path.join(dataDir, 'postgres.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
