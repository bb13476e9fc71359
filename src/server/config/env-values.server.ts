import { z } from 'zod';

/** Unset and empty are the same: `FOO=` in an env file means "not set", not "the empty string". */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
export const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

/** What each part of the configuration reads besides its own variables, and where it reports. */
export interface ConfigReading {
  isProduction: boolean;
  /** APP_URL as set; undefined when unset. */
  appUrl: string | undefined;
  /** DATA_DIR, resolved: the local defaults of other folders live under it. */
  dataDir: string;
  /** Lines of the start-up error, each naming its variable. */
  problems: string[];
  /** Deprecated settings still honoured; logged once at start. */
  warnings: string[];
}
