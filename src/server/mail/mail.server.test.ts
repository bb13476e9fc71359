import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.server';
import { startTestApp } from '#tests/support/app';
import { SessionClient } from '#tests/support/session-client';
import { existingAccountMail, resetPasswordMail, verificationMail } from './templates.server';

describe('mail configuration', () => {
  it('refuses to start in production without SMTP, naming the variable', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(32) })).toThrow(
      ConfigError,
    );
    await expect(startTestApp({ NODE_ENV: 'production' })).rejects.toThrow(
      /SMTP_URL: required in production \(the dev mailbox is local only\)/,
    );
  });

  it('has no dev mailbox when SMTP is configured (and offers Google once its keys are set)', async () => {
    const app = await startTestApp({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      GOOGLE_CLIENT_ID: 'test-client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
    });
    try {
      expect((await fetch(`${app.url}/api/dev/mailbox`)).status).toBe(404);
      expect((await fetch(`${app.url}/dev/mailbox`)).status).toBe(404);
      const google = await new SessionClient(app.url).json<{ url: string }>('/api/auth/sign-in/social', {
        json: { provider: 'google', callbackURL: '/dashboard' },
      });
      expect(google.status).toBe(200);
      const url = new URL(google.body.url);
      expect(url.origin).toBe('https://accounts.google.com');
      expect(url.searchParams.get('client_id')).toBe('test-client-id.apps.googleusercontent.com');
      expect(url.searchParams.get('redirect_uri')).toBe(`${app.url}/api/auth/callback/google`);
    } finally {
      await app.stop();
    }
  });
});

describe('templates', () => {
  const url = 'https://cena.app/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard';

  it('speak the profile language, in text and HTML, with the link in both', () => {
    for (const make of [verificationMail, resetPasswordMail, existingAccountMail]) {
      const pt = make({ email: 'a@b.co', name: 'Ana', language: 'pt' }, url);
      const en = make({ email: 'a@b.co', name: 'Ana', language: 'en' }, url);
      expect(pt.text).toContain('Olá, Ana!');
      expect(en.text).toContain('Hello, Ana!');
      expect(pt.html).toContain('<html lang="pt-BR">');
      expect(en.html).toContain('<html lang="en">');
      for (const message of [pt, en]) {
        expect(message.to).toBe('a@b.co');
        expect(message.links).toEqual([url]);
        expect(message.text).toContain(url);
        expect(message.html).toContain(url.replaceAll('&', '&#38;'));
      }
    }
  });

  it('escape what the user typed', () => {
    const message = verificationMail(
      { email: 'a@b.co', name: '<img src=x onerror=alert(1)>', language: 'pt' },
      url,
    );
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });
});
