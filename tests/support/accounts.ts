import { randomUUID } from 'node:crypto';
import { SessionClient } from './session-client';

/** Test helpers for the dev mailbox and for getting a signed-in user through the real sign-up flow. */

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

export const newEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;
export const PASSWORD = 'correct horse battery';

export async function mailsTo(baseUrl: string, to: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${baseUrl}/api/dev/mailbox`);
  if (!response.ok) throw new Error(`dev mailbox answered ${response.status}`);
  const { messages } = (await response.json()) as { messages: MailboxMessage[] };
  return messages.filter((message) => message.to === to);
}

/** Waits for the next message to `to` (e-mails are sent in the background) whose subject matches. */
export async function waitForMail(
  baseUrl: string,
  to: string,
  subject: RegExp,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<MailboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    const found = (await mailsTo(baseUrl, to)).find(
      (message) => message.id > (options.after ?? 0) && subject.test(message.subject),
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${to} matching ${subject} within the timeout`);
}

/** The newest message id so far, to wait for mail sent after a point. */
export async function lastMailId(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/dev/mailbox`);
  const { messages } = (await response.json()) as { messages: MailboxMessage[] };
  return messages[0]?.id ?? 0;
}

/** A birth date that is 18 or more years ago on any day these tests run (the sign-up's age rule, ADR 0066). */
export const ADULT_BIRTH_DATE = '1990-05-17';

/** The sign-up request as the web sends it (Better Auth's endpoint), without waiting for its e-mail. */
export const signUp = (client: SessionClient, body: Record<string, unknown>) =>
  client.fetch('/api/auth/sign-up/email', {
    json: { callbackURL: '/dashboard', birthDate: ADULT_BIRTH_DATE, ...body },
  });

/** Signs up through the API, opens the verification link and returns the now signed-in client. */
export async function signUpAndVerify(
  baseUrl: string,
  options: { email?: string; name?: string; password?: string; language?: 'pt' | 'en' } = {},
): Promise<{ client: SessionClient; email: string; password: string }> {
  const client = new SessionClient(baseUrl);
  const email = options.email ?? newEmail();
  const password = options.password ?? PASSWORD;
  // An address signing up again (after deleting its account) has older mail: wait for this sign-up's own.
  const after = await lastMailId(baseUrl);
  const signUp = await client.fetch('/api/auth/sign-up/email', {
    json: {
      name: options.name ?? 'Ana Souza',
      email,
      password,
      birthDate: ADULT_BIRTH_DATE,
      callbackURL: '/dashboard',
      ...(options.language ? { language: options.language } : {}),
    },
  });
  const answer = await signUp.text();
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${answer}`);
  const mail = await waitForMail(baseUrl, email, /e-mail/i, { after });
  const link = mail.links[0];
  if (!link) throw new Error('the verification e-mail has no link');
  const verified = await client.fetch(link);
  await verified.body?.cancel();
  if (verified.status !== 302) throw new Error(`verification answered ${verified.status}`);
  return { client, email, password };
}
