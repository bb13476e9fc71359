import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, it, vi } from 'vitest';
import { runToEnd } from '#tests/support/child-process';
import { createLogger, isoTimeOncePerMs, lazyChild, TurnBatch } from './logger.server';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

it('makes the child only when something logs through it, bound as a child would be', () => {
  const lines: string[] = [];
  const parent = pino(
    { base: null },
    new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) }),
  );
  const child = vi.spyOn(parent, 'child');
  const logger = lazyChild(parent, { requestId: 'r-1' });
  expect(child).not.toHaveBeenCalled();
  logger.warn({ step: 'x' }, 'something');
  logger.info('again');
  expect(child).toHaveBeenCalledTimes(1);
  expect(lines.map((line) => JSON.parse(line))).toMatchObject([
    { requestId: 'r-1', step: 'x', msg: 'something', level: 40 },
    { requestId: 'r-1', msg: 'again' },
  ]);
  expect(logger.level).toBe('info');
});

it('writes the lines of one turn of the event loop in one write, at the end of that turn', async () => {
  const writes: string[] = [];
  const logger = createLogger('info', new TurnBatch({ write: (text: string) => writes.push(text) }));
  logger.info({ requestId: 'a' }, 'request');
  logger.info({ requestId: 'b' }, 'request');
  logger.warn('something');
  expect(writes).toEqual([]);
  await nextTurn();
  expect(writes).toHaveLength(1);
  expect(
    writes[0]
      ?.split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
  ).toMatchObject([
    { level: 30, service: 'cena', requestId: 'a', msg: 'request' },
    { level: 30, service: 'cena', requestId: 'b', msg: 'request' },
    { level: 40, service: 'cena', msg: 'something' },
  ]);
  logger.info('later');
  await nextTurn();
  expect(writes).toHaveLength(2);
  await nextTurn();
  expect(writes).toHaveLength(2);
});

it('still redacts secrets on the lines it batches', async () => {
  const writes: string[] = [];
  const logger = createLogger('info', new TurnBatch({ write: (text: string) => writes.push(text) }));
  logger.info({ user: { password: 'hunter2' }, req: { headers: { cookie: 'session=abc' } } }, 'signed in');
  await nextTurn();
  expect(writes.join('')).not.toMatch(/hunter2|session=abc/);
  expect(JSON.parse(writes[0] ?? '{}')).toMatchObject({ user: { password: '[Redacted]' } });
});

it("formats the time as pino's isoTime does, once per millisecond", () => {
  vi.useFakeTimers({ now: new Date('2026-11-29T12:00:00.123Z'), toFake: ['Date'] });
  try {
    const time = isoTimeOncePerMs();
    expect(time()).toBe(pino.stdTimeFunctions.isoTime());
    expect(time()).toBe(',"time":"2026-11-29T12:00:00.123Z"');
    vi.setSystemTime(new Date('2026-11-29T12:00:00.124Z'));
    expect(time()).toBe(pino.stdTimeFunctions.isoTime());
  } finally {
    vi.useRealTimers();
  }
});

it('writes what is pending on stdout when the process exits in the turn that logged it', async () => {
  const script = [
    "import { createLogger } from './src/server/logger.server.ts';",
    "const logger = createLogger('info');",
    "logger.info({ step: 1 }, 'before exit');",
    "logger.error({ step: 2 }, 'last words');",
    'process.exit(3);',
  ].join('\n');
  const result = await runToEnd(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    ...process.env,
  });
  expect(result.code).toBe(3);
  expect(
    result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line)),
  ).toMatchObject([
    { msg: 'before exit', step: 1 },
    { msg: 'last words', step: 2 },
  ]);
});
