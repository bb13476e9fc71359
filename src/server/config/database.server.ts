import path from 'node:path';
import { z } from 'zod';
import { type ConfigReading, optionalString, optionalUrl } from './env-values.server';

export const databaseEnv = z.object({
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  EMBEDDED_POSTGRES_DIR: optionalString,
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
});

export interface DatabaseConfig {
  url: string | undefined;
  poolSize: number;
  embeddedDir: string;
  embeddedPort: number;
}

export function databaseConfig(env: z.infer<typeof databaseEnv>, reading: ConfigReading): DatabaseConfig {
  // An embedded database lives and dies with one container: production runs on a real, backed-up PostgreSQL.
  if (reading.isProduction && !env.DATABASE_URL)
    reading.problems.push('  DATABASE_URL: required in production (the embedded PostgreSQL is local only)');
  return {
    url: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
    embeddedDir: path.resolve(env.EMBEDDED_POSTGRES_DIR ?? path.join(reading.dataDir, 'postgres')),
    embeddedPort: env.EMBEDDED_POSTGRES_PORT,
  };
}
