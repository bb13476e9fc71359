import { loadConfig } from '../config.server';
import { createLogger } from '../logger.server';
import { createPool, runMigrations } from './database.server';
import { startEmbeddedPostgres } from './embedded-postgres.server';

/** `npm run db:migrate`: apply committed migrations and exit. */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const embedded = config.database.url
  ? undefined
  : await startEmbeddedPostgres({
      dataDir: config.database.embeddedDir,
      port: config.database.embeddedPort,
      logger,
    });
const pool = createPool(config.database.url ?? embedded?.url ?? '', 1, logger);
try {
  await runMigrations(pool, logger);
} finally {
  await pool.end();
  await embedded?.stop();
}
