import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, it, vi } from 'vitest';
import { lazyChild } from './logger.server';

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
