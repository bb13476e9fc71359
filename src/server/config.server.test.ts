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
});
