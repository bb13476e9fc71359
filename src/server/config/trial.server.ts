import { z } from 'zod';
import { emptyAsUndefined } from './env-values.server';

/** `true`/`1` or `false`/`0`; unset takes the default. */
const flag = (fallback: boolean) =>
  z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional())
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'));

/** The free first video (ADRs 0040, 0047): whether it is given and how often one address block or device gets it. */
export const trialEnv = z.object({
  TRIAL_ENABLED: flag(true),
  /** Trials one client address block (IPv4 /24, IPv6 /64) may receive in 24 hours (ADR 0047). */
  TRIAL_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).max(10_000).default(3),
  /** Trials one browser (its first-party device cookie) may receive in 24 hours. */
  TRIAL_PER_DEVICE_PER_DAY: z.coerce.number().int().min(0).max(10_000).default(1),
  /** Marks trial videos as such (the flag the watermark reads; ADR 0040). */
  TRIAL_WATERMARK: flag(false),
});

export interface TrialConfig {
  enabled: boolean;
  perAddressPerDay: number;
  perDevicePerDay: number;
  watermark: boolean;
}

export function trialConfig(env: z.infer<typeof trialEnv>): TrialConfig {
  return {
    enabled: env.TRIAL_ENABLED,
    perAddressPerDay: env.TRIAL_PER_ADDRESS_PER_DAY,
    perDevicePerDay: env.TRIAL_PER_DEVICE_PER_DAY,
    watermark: env.TRIAL_WATERMARK,
  };
}
