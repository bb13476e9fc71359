import type pg from 'pg';
import type { Config } from '#server/config.server';
import type { Logger } from '#server/logger.server';
import { createPool, runMigrations } from './database.server';
import { startEmbeddedPostgres } from './embedded-postgres.server';

export interface OpenDatabase {
  url: string;
  pool: pg.Pool;
  /** Ends the pool, then stops the embedded PostgreSQL if this process started it. */
  close(): Promise<void>;
}

/**
 * The database every entry point uses: `DATABASE_URL`, or an embedded PostgreSQL in DATA_DIR when it is unset;
 * pooled and migrated before anything else touches it.
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  poolSize: number = config.database.poolSize,
): Promise<OpenDatabase> {
  const embedded = config.database.url
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: config.database.embeddedDir,
        port: config.database.embeddedPort,
        logger,
      });
  const url = config.database.url ?? embedded?.url;
  if (!url) throw new Error('No database: set DATABASE_URL or let Cena start its embedded PostgreSQL.');
  const pool = createPool(url, poolSize, logger);
  const close = async () => {
    await pool.end();
    await embedded?.stop();
  };
  try {
    await runMigrations(pool, logger);
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { url, pool, close };
}
