import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import type { SessionClient } from '#tests/support/session-client';

/**
 * Bad input answers 4xx wherever it arrives: U+0000 (which PostgreSQL cannot store in text) in a path, a query, a
 * JSON body or a form field, and a Stripe webhook body larger than any event, streamed without a length. A refused
 * body closes its connection cleanly, so a proxy pooling connections never reuses one the server drops.
 */

let app: TestApp;
let client: SessionClient;

beforeAll(async () => {
  app = await startTestApp();
  ({ client } = await signUpAndVerify(app.url));
});

afterAll(async () => {
  await app?.stop();
});

const INVALID = {
  error: { code: 'invalid_characters', message: 'O texto enviado contém um caractere inválido.' },
};

describe('U+0000 in the input', () => {
  it.each([
    '/api/videos?q=%00',
    '/api/videos/export.csv?q=a%00b',
    '/api/admin/users/%00',
    '/dev/checkout/%00',
  ])('GET %s answers 400', async (path) => {
    const response = await client.fetch(path);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject(INVALID);
  });

  it('in a JSON body answers 400 and changes nothing', async () => {
    const response = await client.json('/api/me/profile', {
      method: 'PATCH',
      json: { name: 'Ana\u0000Souza' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(INVALID);
    expect((await client.json<{ user: { name: string } }>('/api/me')).body.user.name).toBe('Ana Souza');
  });

  it('in a form field is that field’s error, before any credit is held', async () => {
    const form = new FormData();
    form.append('prompt', 'Um gato\u0000 dançando na chuva de verão');
    form.append('quality', 'fast');
    form.append('aspectRatio', '16:9');
    form.append('clientKey', randomUUID());
    const response = await client.fetch('/api/videos', { method: 'POST', body: form as unknown as string });
    expect(response.status).toBe(400);
    const text = JSON.stringify(await response.json());
    expect(text).toContain('O texto contém um caractere inválido.');
  });
});

it('refuses a Stripe webhook body over 512 KB even when streamed without a Content-Length', async () => {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < 12) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const response = await fetch(`${app.url}/api/billing/stripe/webhook`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    duplex: 'half',
  } as RequestInit);
  expect(response.status).toBe(413);
});

/** One request written on a raw socket: what came back, and whether the server closed (FIN) or reset it. */
function rawExchange(head: string, body: Buffer): Promise<{ text: string; closed: boolean; error?: string }> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    let error: string | undefined;
    const done = (closed: boolean) => resolve({ text: Buffer.concat(received).toString(), closed, error });
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (problem: NodeJS.ErrnoException) => {
      error = problem.code;
    });
    socket.on('end', () => done(true));
    socket.on('close', () => done(false));
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(head);
    socket.end(body);
  });
}

it('answers a 2 MB JSON body 413 with Connection: close, then closes the connection cleanly', async () => {
  const body = Buffer.from(JSON.stringify({ name: 'a'.repeat(2 * 1024 * 1024) }));
  const head = [
    'PATCH /api/me/profile HTTP/1.1',
    `Host: ${new URL(app.url).host}`,
    `Origin: ${app.url}`,
    `Cookie: ${client.cookieHeader}`,
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
    'Connection: keep-alive',
    '',
    '',
  ].join('\r\n');
  const { text, closed, error } = await rawExchange(head, body);
  const [headers = '', payload = ''] = text.split('\r\n\r\n');
  expect(headers).toMatch(/^HTTP\/1\.1 413 /);
  expect(headers.toLowerCase()).toContain('connection: close');
  expect(JSON.parse(payload)).toMatchObject({ error: { code: 'payload_too_large' } });
  expect({ closed, error }).toEqual({ closed: true, error: undefined });
});
