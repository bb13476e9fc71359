import type pg from 'pg';
import type { Config } from '#server/config.server';
import type { ModelAvailability } from '#server/videos/videos.server';
import type { EnvironmentCheck } from '#shared/admin';

/**
 * What this deployment is wired to (spec §3 environment check, design §6): presence and kind of each integration,
 * and the Stripe mode read from the key's prefix — never a character of any secret. The database is "present"
 * only if it answers right now.
 */

function stripeMode(secretKey: string): 'test' | 'live' | null {
  if (/^(sk|rk)_test_/.test(secretKey)) return 'test';
  if (/^(sk|rk)_live_/.test(secretKey)) return 'live';
  return null;
}

async function databaseAnswers(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

export async function environmentCheck(
  config: Config,
  pool: pg.Pool,
  modelAvailability: ModelAvailability,
  now: Date = new Date(),
): Promise<EnvironmentCheck> {
  const stripe = config.billing.stripe;
  const s3 = config.storage.s3;
  const gemini = config.video.provider === 'gemini';
  // Asks Google now (GET /models): a retired or mistyped model id shows red here, not on a paying user's request.
  const modes = (await modelAvailability.check()) ?? [];
  const videoModels = modes.map((mode) => ({
    quality: mode.quality,
    variable: mode.variable,
    model: mode.model,
    available: mode.available ?? null,
    reason: mode.reason,
  }));
  const prompt = modelAvailability.promptModel();
  return {
    hasStripeKey: stripe !== undefined,
    stripeMode: stripe ? stripeMode(stripe.secretKey) : null,
    paymentProvider: stripe ? 'stripe' : 'local',
    hasDatabase: await databaseAnswers(pool),
    databaseKind: config.database.url ? 'external' : 'embedded',
    hasStorage: s3 !== undefined || config.storage.driver === 'disk',
    storageKind: s3 ? 's3' : 'disk',
    hasVideoProvider: gemini
      ? Boolean(config.video.gemini.apiKey) && videoModels.every((model) => model.available === true)
      : true,
    videoModels,
    promptModel: prompt
      ? {
          variable: prompt.variable,
          model: prompt.model,
          available: prompt.available ?? null,
          reason: prompt.reason,
        }
      : null,
    videoProvider: gemini ? 'gemini' : 'local',
    hasSmtp: config.mail.smtpUrl !== undefined,
    mailKind: config.mail.smtpUrl ? 'smtp' : 'dev-mailbox',
    timestamp: now.toISOString(),
  };
}
