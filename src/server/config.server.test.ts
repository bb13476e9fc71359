import { describe, expect, it } from 'vitest';
import { TEST_VAPID_ENV } from '#tests/support/fake-push-service';
import { STRIPE_TEST_ENV } from '#tests/support/fake-stripe';
import { ConfigError, loadConfig } from './config.server';
import { providerPoll } from './generation/workers.server';
import { capabilitiesOf } from './video-requests/capabilities.server';

/** Content Credentials' certificate and key (ADR 0065): required in production, read by the provenance room. */
const C2PA_PATHS = {
  C2PA_SIGNING_CERT: '/etc/cena/c2pa-chain.pem',
  C2PA_SIGNING_KEY: '/etc/cena/c2pa-key.pem',
};

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

  it('offers Omni 1.2 up to 10 s by default and up to 15 s once the operator widens it; nothing else changes', () => {
    const gemini = {
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEY: 'k',
      VIDEO_MODEL_QUALITY: 'gemini-omni-1.2-flash',
    };
    const lengths = (env: Record<string, string>, quality: 'fast' | 'quality') =>
      capabilitiesOf(loadConfig(env).video)(quality).clipSecondsChoices;
    expect(loadConfig({}).video.gemini.omni12MaxClipSeconds).toBe(10);
    expect(lengths(gemini, 'quality')).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    const widened = { ...gemini, OMNI_12_MAX_CLIP_SECONDS: '15' };
    expect(lengths(widened, 'quality').at(-1)).toBe(15);
    // Omni 1.1 (the Fast mode's model here) keeps its own documented 3–10 s.
    expect(lengths(widened, 'fast').at(-1)).toBe(10);
    for (const wrong of ['9', '16', '12.5', 'quinze'])
      expect(() => loadConfig({ ...gemini, OMNI_12_MAX_CLIP_SECONDS: wrong }), wrong).toThrow(
        /OMNI_12_MAX_CLIP_SECONDS/,
      );
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

  it('renders videos locally by default; Gemini needs a key, the webhook a secret', () => {
    const local = loadConfig({}).video;
    expect(local).toMatchObject({ provider: 'local', webhook: undefined, ffmpegPath: undefined });
    expect(() => loadConfig({ VIDEO_PROVIDER: 'gemini' })).toThrow(/GEMINI_API_KEY: required/);
    expect(() => loadConfig({ VIDEO_WEBHOOK_URL: 'https://hooks.example/cena' })).toThrow(
      /VIDEO_WEBHOOK_SECRET/,
    );
  });

  it("reads generations on each provider's back-off by default, every VIDEO_POLL_MS when set", () => {
    const gemini = { VIDEO_PROVIDER: 'gemini', GEMINI_API_KEY: 'AIza-test' };
    expect(providerPoll(loadConfig({}).video)).toEqual({ initialMs: 500, maxMs: 2_000 });
    expect(providerPoll(loadConfig(gemini).video)).toEqual({ initialMs: 5_000, maxMs: 8_000 });
    expect(providerPoll(loadConfig({ ...gemini, VIDEO_POLL_MS: '100' }).video)).toEqual({
      initialMs: 100,
      maxMs: 100,
    });
    expect(loadConfig({ VIDEO_POLL_MS: '' }).video.pollMs).toBeUndefined();
    expect(() => loadConfig({ VIDEO_POLL_MS: '10' })).toThrow(/VIDEO_POLL_MS/);
  });

  it("Gemini webhooks: off by default; the project webhook's whsec_ secrets, a public APP_URL, a rare poll", () => {
    const gemini = { VIDEO_PROVIDER: 'gemini', GEMINI_API_KEY: 'AIza-test' };
    expect(loadConfig(gemini).video.gemini.webhook).toBeUndefined();
    const key = Buffer.from('a project webhook signing key').toString('base64');
    const old = Buffer.from('the key before the rotation').toString('base64');
    const on = loadConfig({
      ...gemini,
      APP_URL: 'https://cena.example',
      GEMINI_WEBHOOK_SECRET: `whsec_${key}, whsec_${old}`,
    }).video.gemini.webhook;
    expect(on?.secrets.map((secret) => secret.toString())).toEqual([
      'a project webhook signing key',
      'the key before the rotation',
    ]);
    expect(on?.pollMs).toBe(60_000);
    const secret = { GEMINI_WEBHOOK_SECRET: `whsec_${key}` };
    expect(() => loadConfig({ ...gemini, ...secret })).toThrow(
      /APP_URL: required with GEMINI_WEBHOOK_SECRET/,
    );
    expect(() =>
      loadConfig({ ...gemini, APP_URL: 'https://cena.example', GEMINI_WEBHOOK_SECRET: 'not-a-secret' }),
    ).toThrow(/GEMINI_WEBHOOK_SECRET: each secret is whsec_/);
    expect(() => loadConfig({ APP_URL: 'https://cena.example', ...secret })).toThrow(
      /GEMINI_WEBHOOK_SECRET: only with VIDEO_PROVIDER=gemini/,
    );
    expect(() =>
      loadConfig({ ...gemini, NODE_ENV: 'production', APP_URL: 'http://cena.example', ...secret }),
    ).toThrow(/APP_URL: must be https:\/\/ with GEMINI_WEBHOOK_SECRET/);
  });

  it('with only VIDEO_PROVIDER=gemini and a key, the defaults are served Omni ids on the documented API root', () => {
    const config = loadConfig({ VIDEO_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' });
    expect(config.warnings).toEqual([]);
    expect(config.video.provider).toBe('gemini');
    expect(config.video.gemini).toEqual({
      apiKey: 'k',
      projects: [{ project: 'default', apiKey: 'k' }],
      apiBase: 'https://generativelanguage.googleapis.com/v1beta',
      models: { fast: 'gemini-omni-1.1-flash', quality: 'gemini-omni-1.1-flash' },
      modelVariables: { fast: 'VIDEO_MODEL_FAST', quality: 'VIDEO_MODEL_QUALITY' },
      promptModel: 'gemini-3.8-flash',
      modelCheckIntervalMs: 300_000,
      omni12MaxClipSeconds: 10,
    });
  });

  it("capacity: the catalogue figures by default, a project's own from VIDEO_CAPACITY_*, several projects by GEMINI_API_KEYS", () => {
    const defaults = loadConfig({ VIDEO_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' });
    expect(defaults.video.capacity).toEqual({
      limits: { requestsPerMinute: 10, inFlight: 10, requestsPerDay: null, spendCentsPer10Minutes: null },
      maxWaitMs: 60 * 60_000,
    });
    const tuned = loadConfig({
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEYS: 'cena-1:key-one, cena-2:key-two',
      VIDEO_CAPACITY_RPM: '50',
      VIDEO_CAPACITY_IN_FLIGHT: '20',
      VIDEO_CAPACITY_RPD: '1000',
      VIDEO_CAPACITY_SPEND_PER_10_MIN_USD: '12.5',
      VIDEO_QUEUE_MAX_WAIT_MINUTES: '30',
    });
    expect(tuned.video.gemini.projects).toEqual([
      { project: 'cena-1', apiKey: 'key-one' },
      { project: 'cena-2', apiKey: 'key-two' },
    ]);
    expect(tuned.video.gemini.apiKey).toBe('key-one');
    expect(tuned.video.capacity).toEqual({
      limits: { requestsPerMinute: 50, inFlight: 20, requestsPerDay: 1000, spendCentsPer10Minutes: 1250 },
      maxWaitMs: 30 * 60_000,
    });
    expect(() => loadConfig({ VIDEO_PROVIDER: 'gemini', GEMINI_API_KEYS: 'cena-1:a,cena-1:b' })).toThrow(
      /cena-1 is listed twice/,
    );
    expect(() => loadConfig({ VIDEO_PROVIDER: 'gemini', GEMINI_API_KEYS: 'no-key-here' })).toThrow(
      /project:key pairs/,
    );
  });

  it('the old names still work, each with a deprecation warning; the new names win', () => {
    const config = loadConfig({
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: 'k',
      VEO_API_BASE: 'http://127.0.0.1:9/v1beta/',
      VEO_MODEL_FAST: 'veo-3.1-fast-generate-preview',
      VEO_MODEL_QUALITY: 'veo-3.1-generate-preview',
      VIDEO_MODEL_QUALITY: 'gemini-omni-1.2-flash',
      VIDEO_TIMEOUT_FAST_MS: '60000',
    });
    expect(config.video.provider).toBe('gemini');
    expect(config.video.gemini.apiBase).toBe('http://127.0.0.1:9/v1beta');
    expect(config.video.gemini.models).toEqual({
      fast: 'veo-3.1-fast-generate-preview',
      quality: 'gemini-omni-1.2-flash',
    });
    expect(config.video.gemini.modelVariables).toEqual({
      fast: 'VEO_MODEL_FAST',
      quality: 'VIDEO_MODEL_QUALITY',
    });
    expect(config.video.timeoutMs.fast).toBe(60_000);
    expect(config.warnings).toEqual([
      'VEO_API_BASE is deprecated: use GEMINI_API_BASE',
      'VEO_MODEL_FAST is deprecated: use VIDEO_MODEL_FAST',
      'VIDEO_PROVIDER=veo is deprecated: use VIDEO_PROVIDER=gemini (Omni and Veo ids alike)',
    ]);
  });

  it.each([
    ['http://generativelanguage.googleapis.com/v1beta', /must be https/],
    ['https://generativelanguage.googleapis.com', /must end with the API version/],
    ['not a url', /must be a URL/],
  ])('GEMINI_API_BASE=%s is refused', (base, message) => {
    expect(() =>
      loadConfig({ VIDEO_PROVIDER: 'gemini', GEMINI_API_KEY: 'k', GEMINI_API_BASE: base }),
    ).toThrow(message);
  });

  it('requires the Content Credentials certificate and key in production, both or neither elsewhere', () => {
    const production = {
      ...STRIPE_TEST_ENV,
      ...TEST_VAPID_ENV,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://h:25',
      DATABASE_URL: 'postgres://cena@db/cena',
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEY: 'k',
    };
    expect(() => loadConfig(production)).toThrow(
      /C2PA_SIGNING_CERT \/ C2PA_SIGNING_KEY: required in production/,
    );
    expect(loadConfig({ ...production, ...C2PA_PATHS }).provenance).toMatchObject({
      signingCert: C2PA_PATHS.C2PA_SIGNING_CERT,
      signingKey: C2PA_PATHS.C2PA_SIGNING_KEY,
      isProduction: true,
    });
    expect(() => loadConfig({ C2PA_SIGNING_CERT: '/x.pem' })).toThrow(
      /C2PA_SIGNING_CERT \/ C2PA_SIGNING_KEY: set both/,
    );
    expect(loadConfig({}).provenance).toMatchObject({
      signingCert: undefined,
      developmentDir: expect.stringMatching(/c2pa$/),
    });
  });

  it('never runs the local preview renderer in production', () => {
    const production = {
      ...STRIPE_TEST_ENV,
      ...TEST_VAPID_ENV,
      ...C2PA_PATHS,
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
      expect(config.video.provider).toBe('gemini');
    }
  });

  it('takes extra push origins (local stand-ins) outside production only, each an origin alone', () => {
    const local = loadConfig({ WEB_PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:3301, http://push.test' });
    expect(local.push.extraOrigins).toEqual(['http://127.0.0.1:3301', 'http://push.test']);
    expect(loadConfig({}).push.extraOrigins).toEqual([]);
    expect(() => loadConfig({ WEB_PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:3301/push' })).toThrow(
      /WEB_PUSH_EXTRA_ORIGINS/,
    );
    const production = {
      ...C2PA_PATHS,
      ...STRIPE_TEST_ENV,
      ...TEST_VAPID_ENV,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://h:25',
      DATABASE_URL: 'postgres://cena@db/cena',
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEY: 'k',
    };
    expect(loadConfig(production).push.extraOrigins).toEqual([]);
    expect(() => loadConfig({ ...production, WEB_PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:3301' })).toThrow(
      /WEB_PUSH_EXTRA_ORIGINS: refused in production/,
    );
  });
});
