import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPool, runMigrations } from '#server/db/database.server';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '#server/db/embedded-postgres.server';
import { createLogger } from '#server/logger.server';
import { announceMissingChromium } from './chromium';
import { type CloneStrategy, TEMPLATE_DATABASE } from './database';
import { freePort } from './free-port';

/**
 * Says once whether the browser tests will run (tests/support/chromium.ts), then sets up one real PostgreSQL for
 * the whole run: `TEST_DATABASE_URL` when set, else an embedded server in a temporary folder. A migrated template
 * database is made once; each test file clones it (see database.ts).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    /** How each test file's database is copied from the template (database.ts). */
    cloneStrategy: CloneStrategy;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * The embedded server's databases are thrown away with the run, so nothing needs to survive a crash: without
 * fsync the checkpoint that every CREATE DATABASE … TEMPLATE and DROP DATABASE forces writes nothing to disk, and
 * commits do not wait for the WAL (https://www.postgresql.org/docs/current/non-durability.html, ADR 0067). All
 * three are reloadable settings (`sighup` or `user` context), so no restart is needed.
 */
async function withoutDurability(admin: pg.Client): Promise<void> {
  for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) {
    await admin.query(`ALTER SYSTEM SET ${setting} = off`);
  }
  await admin.query('SELECT pg_reload_conf()');
}

interface Database {
  adminUrl: string;
  cloneStrategy: CloneStrategy;
  stop: () => Promise<void>;
}

async function startDatabase(): Promise<Database> {
  announceMissingChromium();
  const logger = createLogger('warn');
  let embedded: EmbeddedPostgresHandle | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'cena-test-'));
    // Run as root, PostgreSQL runs as its own user, which must be able to reach the data folder.
    await chmod(tempDir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'postgres'),
      port: await freePort(),
      logger,
    });
    adminUrl = embedded.url;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (embedded) await withoutDurability(admin);
  const cloneStrategy: CloneStrategy = embedded ? 'FILE_COPY' : 'server default';
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templatePool = createPool(withDatabase(adminUrl, TEMPLATE_DATABASE), 1, logger);
  await runMigrations(templatePool, logger);
  await templatePool.end();

  return {
    adminUrl,
    cloneStrategy,
    stop: async () => {
      await embedded?.stop();
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const { adminUrl, cloneStrategy, stop } = await startDatabase();
  project.provide('databaseAdminUrl', adminUrl);
  project.provide('cloneStrategy', cloneStrategy);
  return stop;
}
