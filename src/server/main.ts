import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { WebPages } from '#server/http/web-pages.server';
import { MediaToolchainError } from '#server/media/media.server';
import { type Role, startCena } from './cena.server';
import { ConfigError, loadConfig } from './config.server';
import { createLogger } from './logger.server';

/**
 * Process entry: `npm start` (web + worker in one process), `npm run start:web`, `npm run start:worker`.
 */

function parseRole(argv: string[]): Role {
  const flag = argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);
  const role = flag ?? process.env.CENA_ROLE ?? 'all';
  if (role !== 'web' && role !== 'worker' && role !== 'all') {
    throw new ConfigError(`Invalid role "${role}": use --role=web, --role=worker or --role=all.`);
  }
  return role;
}

/** `npm start` on a fresh clone builds the web app first, so the two documented commands are enough. */
function ensureWebBuild(distDir: string): void {
  if (WebPages.isBuilt(distDir)) return;
  console.log('No web build found: building it once (npm run build)…');
  const build = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('scripts/build.ts')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('The web build failed; see the output above.');
}

async function main(): Promise<void> {
  const config = loadConfig();
  const args = process.argv.slice(2);
  const role = parseRole(args);
  const logger = createLogger(config.logLevel);
  for (const warning of config.warnings) logger.warn(warning);
  // In `npm run dev` Vite serves the pages; the server only needs the API.
  if (role !== 'worker' && !args.includes('--dev')) ensureWebBuild(config.webDistDir);

  const cena = await startCena(config, logger, role);
  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    logger.info({ signal }, 'signal received');
    cena.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof MediaToolchainError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});
