import { loadConfig } from '#server/config.server';
import { createLogger } from '#server/logger.server';
import { openDatabase } from './open-database.server';

/** `npm run db:migrate`: apply committed migrations (opening the database applies them) and exit. */
const config = loadConfig();
const database = await openDatabase(config, createLogger(config.logLevel), 1);
await database.close();
