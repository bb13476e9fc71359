import { describe, expect, it } from 'vitest';
import { STRIPE_TEST_ENV } from '../../tests/support/fake-stripe';
import { ConfigError, loadConfig } from './config.server';

describe('configuration', () => {
  it('runs with no variables at all, in local mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('development');
    expect(config.database.url).toBeUndefined();
    expect(config.database.embeddedDir).toMatch(/data\/postgres$/);
    expect(config.appUrl).toBe('http://localhost:3000');
  });

  it('stops with a message naming each wrong variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SUPPORT_EMAIL: 'not-an-email' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', SUPPORT_EMAIL: 'not-an-email' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('SUPPORT_EMAIL');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', APP_URL: '' }).database.url).toBeUndefined();
  });

  it('uses Stripe only with both keys and every price, and requires it in production', () => {
    expect(loadConfig({}).billing.stripe).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      /STRIPE_PRICE_STARTER_MONTHLY: required with Stripe/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://h:25' }),
    ).toThrow(/STRIPE_SECRET_KEY: required in production/);
    const config = loadConfig({ ...STRIPE_TEST_ENV, STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(config.billing.stripe?.prices.creator.yearly).toBe('price_creator_y');
    expect(config.billing.stripe?.api).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
  });

  it('renders videos locally by default; Veo needs a key, the webhook a secret', () => {
    const local = loadConfig({}).video;
    expect(local).toMatchObject({ provider: 'local', webhook: undefined, ffmpegPath: undefined });
    expect(local.veo.models).toEqual({ fast: 'veo-3.0-fast-generate-001', quality: 'veo-3.0-generate-001' });
    expect(() => loadConfig({ VIDEO_PROVIDER: 'veo' })).toThrow(/GEMINI_API_KEY: required/);
    expect(() => loadConfig({ VIDEO_WEBHOOK_URL: 'https://hooks.example/cena' })).toThrow(
      /VIDEO_WEBHOOK_SECRET/,
    );
    const veo = loadConfig({
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: 'k',
      VEO_API_BASE: 'http://127.0.0.1:9/v1beta/',
      VIDEO_TIMEOUT_FAST_MS: '60000',
    }).video;
    expect(veo.veo.apiBase).toBe('http://127.0.0.1:9/v1beta');
    expect(veo.timeoutMs.fast).toBe(60_000);
    expect(() => loadConfig({ VIDEO_PROVIDER: 'gemini' })).toThrow(
      /GEMINI_API_KEY: required with VIDEO_PROVIDER=gemini/,
    );
    expect(loadConfig({ VIDEO_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' }).video.provider).toBe('gemini');
  });

  it('never runs the local preview renderer in production', () => {
    const production = {
      ...STRIPE_TEST_ENV,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://h:25',
      DATABASE_URL: 'postgres://cena@db/cena',
    };
    for (const provider of [undefined, '', 'local']) {
      expect(() => loadConfig({ ...production, VIDEO_PROVIDER: provider }), String(provider)).toThrow(
        /VIDEO_PROVIDER: set VIDEO_PROVIDER=gemini in production \(the local preview renderer is local only\)/,
      );
    }
    expect(() => loadConfig({ ...production, VIDEO_PROVIDER: 'gemini' })).toThrow(
      /GEMINI_API_KEY: required with VIDEO_PROVIDER=gemini/,
    );
    for (const provider of ['gemini', 'veo']) {
      const config = loadConfig({ ...production, VIDEO_PROVIDER: provider, GEMINI_API_KEY: 'k' });
      expect(config.video.provider).toBe(provider);
    }
  });
});
