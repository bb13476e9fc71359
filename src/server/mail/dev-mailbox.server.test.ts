import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail, PASSWORD, signUp, waitForMail } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { SessionClient } from '#tests/support/session-client';

/** Local mode's mailbox page through the real server (no SMTP configured). */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

describe('dev mailbox', () => {
  it('shows the messages with their links and escapes everything', async () => {
    const email = newEmail();
    await signUp(new SessionClient(app.url), {
      name: '<script>alert(1)</script>',
      email,
      password: PASSWORD,
    });
    const mail = await waitForMail(app.url, email, /Confirme/);
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');

    const page = await fetch(`${app.url}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Confirme seu e-mail — Cena');
    expect(html).toContain(`<a href="${(mail.links[0] ?? '').replaceAll('&', '&#38;')}">`);
    expect(html).not.toContain('<script>alert(1)');
  });
});
