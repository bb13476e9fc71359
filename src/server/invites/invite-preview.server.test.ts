import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_INVITEE_CREDITS, TRIAL_CREDITS } from '#shared/catalogue';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';

/** The invite link's page (ADR 0040): public, the inviter's first name only, the bonus from the catalogue. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('GET /api/invites/{code}', () => {
  it('names the inviter by first name, never the e-mail, with the bonus; 404 for an unknown code', async () => {
    const { client, email } = await signUpAndVerify(app.url, { name: 'Mariana Souza Lima' });
    const { body } = await client.json<{ code: string }>('/api/invites');

    const answer = await fetch(`${app.url}/api/invites/${body.code}`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({
      inviterName: 'Mariana',
      bonusCredits: INVITE_INVITEE_CREDITS,
      trialCredits: TRIAL_CREDITS,
    });
    expect(text).not.toContain(email);
    expect(text).not.toContain('Souza');

    const unknown = await fetch(`${app.url}/api/invites/abcdefghjk`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
