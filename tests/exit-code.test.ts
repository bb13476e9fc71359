import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './support/app';
import { freePort } from './support/free-port';

/**
 * The embedded PostgreSQL package hooks `beforeExit` and calls `process.exit(0)`: a failing test run or command
 * that had started it would end with status 0. We unhook it; this keeps it that way.
 */
it('keeps a process exit status after the embedded PostgreSQL was used', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cena-exit-'));
  await chmod(dir, 0o755);
  try {
    const script = `
      import { startEmbeddedPostgres } from './src/server/db/embedded-postgres.server.ts';
      import { createLogger } from './src/server/logger.server.ts';
      const pg = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(path.join(dir, 'pg'))}, port: ${await freePort()}, logger: createLogger('silent') });
      await pg.stop();
      process.exitCode = 3;
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(3);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
