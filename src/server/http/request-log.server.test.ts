import { Hono } from 'hono';
import { expect, it, vi } from 'vitest';
import type { AppEnv } from '#server/kernel/errors.server';
import { createLogger, TurnBatch } from '#server/logger.server';
import { accessLine, requestLog } from './request-log.server';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function appLogging() {
  const writes: string[] = [];
  const logger = createLogger('info', new TurnBatch({ write: (text: string) => writes.push(text) }));
  const app = new Hono<AppEnv>().use(requestLog(logger)).get('/reset-password/:token', (c) => {
    c.get('logger').info({ user: { password: 'hunter2' } }, 'reset asked');
    return c.json({ ok: true }, 202);
  });
  const lines = () =>
    writes
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, lines };
}

it("writes one access line per request, with the request's id and the path without its secret", async () => {
  const { app, lines } = appLogging();
  const response = await app.request('/reset-password/abc123?from=mail', {
    headers: { 'x-request-id': 'req-1' },
  });
  expect(response.status).toBe(202);
  await nextTurn();
  const [handlerLine, access] = lines();
  expect(access).toMatchObject({
    level: 30,
    service: 'cena',
    requestId: 'req-1',
    method: 'GET',
    path: '/reset-password/:token',
    status: 202,
    msg: 'request',
  });
  expect(access?.ms).toEqual(expect.any(Number));
  expect(Object.keys(access ?? {})).toEqual([
    'level',
    'time',
    'service',
    'requestId',
    'method',
    'path',
    'status',
    'ms',
    'msg',
  ]);
  // The handler's own lines keep the root logger's redaction and carry the request id.
  expect(handlerLine).toMatchObject({ requestId: 'req-1', user: { password: '[Redacted]' } });
});

it('writes the access line exactly as pino writes the same fields, and nothing below its level', () => {
  vi.useFakeTimers({ now: new Date('2026-11-29T12:34:56.789Z'), toFake: ['Date'] });
  try {
    const writes: string[] = [];
    const logger = createLogger('info', { write: (text: string) => writes.push(text) });
    const fields = {
      requestId: 'req-"quoted"\\',
      method: 'GET',
      path: '/api/videos/é?x="1"\n',
      status: 200,
      ms: 0.3,
    };
    accessLine(logger)(fields);
    logger.info(fields, 'request');
    expect(writes).toHaveLength(2);
    expect(writes[0]).toBe(writes[1]);

    const quiet = createLogger('warn', { write: (text: string) => writes.push(text) });
    accessLine(quiet)(fields);
    expect(writes).toHaveLength(2);
  } finally {
    vi.useRealTimers();
  }
});
