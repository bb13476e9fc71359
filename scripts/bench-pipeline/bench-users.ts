import { randomUUID } from 'node:crypto';
import { parseAdminArgs, runAdminCommand } from '#server/admin/admin-commands.server';
import type { AspectRatio } from '#shared/catalogue';
import { signUpAndVerify } from '#tests/support/accounts';
import type { TestApp } from '#tests/support/app';
import { preciseNow } from '#tests/support/fake-gemini';
import type { SessionClient } from '#tests/support/session-client';

/** The bench's signed-in users, their creates and their event streams. */

export interface BenchUser {
  client: SessionClient;
  email: string;
}

/** Real sign-up + e-mail verification, then 100,000 credits through the admin command; `parallel` at a time. */
export async function makeUsers(app: TestApp, count: number, parallel: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next += 1;
        const { client, email } = await signUpAndVerify(app.url, {
          email: `bench-${randomUUID().slice(0, 12)}@example.com`,
        });
        await runAdminCommand(app.cena.pool, parseAdminArgs(['grant-credits', email, '100000']));
        users.push({ client, email });
      }
    }),
  );
  return users;
}

/** POST /api/videos as the browser's form does (multipart); the created request's id. */
export async function createVideo(
  user: BenchUser,
  prompt: string,
  aspectRatio: AspectRatio = '16:9',
): Promise<{ status: number; id?: string; body: string }> {
  const form = new FormData();
  form.set('prompt', prompt);
  form.set('quality', 'fast');
  form.set('aspectRatio', aspectRatio);
  form.set('seed', '');
  form.set('clientKey', randomUUID());
  const response = await fetch(`${user.client.baseUrl}/api/videos`, {
    method: 'POST',
    headers: {
      origin: user.client.baseUrl,
      'x-forwarded-for': user.client.address,
      cookie: user.client.cookieHeader,
    },
    body: form,
  });
  const body = await response.text();
  if (response.status !== 201) return { status: response.status, body };
  const parsed = JSON.parse(body) as { request?: { id?: string } };
  return { status: response.status, id: parsed.request?.id, body };
}

interface StreamEvent {
  event: string;
  data: string;
  at: number;
}

/** An open `GET /api/events`: every event with the time it was read. */
export interface EventStream {
  events: StreamEvent[];
  ready: Promise<void>;
  close(): void;
}

export function openEvents(user: BenchUser): EventStream {
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  let markReady = () => {};
  let failReady: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  void (async () => {
    const response = await user.client.fetch('/api/events', {
      headers: { accept: 'text/event-stream' },
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`GET /api/events answered ${response.status}`);
    }
    controller.signal.addEventListener('abort', () => void response.body?.cancel().catch(() => undefined));
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const at = preciseNow();
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length === 0) continue; // heartbeat comment
        events.push({ event, data: data.join('\n'), at });
        if (event === 'ready') markReady();
      }
    }
  })().catch((error: Error) => {
    if (!controller.signal.aborted) failReady(error);
  });
  return { events, ready, close: () => controller.abort() };
}

// ---------------------------------------------------------------------------------------------------------------
