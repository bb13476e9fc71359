import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from '#server/logger.server';

/**
 * Queries name their tables (`db.select().from(userSettings)`), so the database object carries no schema: the
 * aggregate in `schema.server.ts` exists for drizzle-kit only and this folder depends on no domain.
 */
export type Database = NodePgDatabase;

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../../drizzle');

/** Any fixed number: every Cena process that migrates takes this lock, so only one applies migrations. */
const MIGRATION_LOCK_KEY = 7_263_001;

/**
 * What an idle client's error says, and nothing more: pg-pool attaches the client itself to the error
 * (`err.client = client` in its idle listener), and logging the error whole dumped the client — its connection
 * settings and the backend's cancel key — on every database stop.
 */
function idleClientErrorFields(error: Error & { code?: unknown }): { message: string; code?: string } {
  return typeof error.code === 'string'
    ? { message: error.message, code: error.code }
    : { message: error.message };
}

export function createPool(url: string, max: number, logger: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'cena' });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) =>
    logger.error({ error: idleClientErrorFields(error) }, 'idle PostgreSQL client error'),
  );
  return pool;
}

/** Cheap (no connection of its own): a pool, or a client inside a transaction. */
export function createDatabase(client: pg.Pool | pg.PoolClient): Database {
  return drizzle(client);
}

export async function runMigrations(pool: pg.Pool, logger: Logger): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
    logger.info(
      { migrations: readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length },
      'migrations applied',
    );
  } finally {
    client.release();
  }
}

/** True when every committed migration has been applied to this database. */
export async function migrationsApplied(pool: pg.Pool): Promise<boolean> {
  const expected = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
  const table = await pool.query("SELECT to_regclass('drizzle.__drizzle_migrations') AS name");
  if (!table.rows[0]?.name) return expected === 0;
  const applied = await pool.query<{ count: string }>('SELECT count(*) FROM drizzle.__drizzle_migrations');
  return Number(applied.rows[0]?.count ?? 0) >= expected;
}
