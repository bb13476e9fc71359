import { describe, expect, it } from 'vitest';
import { nextAttemptAt, RETRY_OFFSETS_MS } from './retry-schedule.server';

const START = new Date('2026-11-29T00:00:00.000Z');
const HOUR = 60 * 60_000;
const offsetAfter = (made: number, random: () => number) =>
  (nextAttemptAt(START, made, random)?.getTime() ?? Number.NaN) - START.getTime();

describe('the retry schedule', () => {
  it('is Standard Webhooks’ example schedule up to 17:35:05, then one last attempt at 24 hours', () => {
    const middle = () => 0.5;
    const offsets = RETRY_OFFSETS_MS.map((_, made) => offsetAfter(made, middle));
    expect(offsets).toEqual([
      0,
      5_000,
      5 * 60_000 + 5_000,
      35 * 60_000 + 5_000,
      2 * HOUR + 35 * 60_000 + 5_000,
      7 * HOUR + 35 * 60_000 + 5_000,
      17 * HOUR + 35 * 60_000 + 5_000,
      24 * HOUR,
    ]);
    expect(nextAttemptAt(START, RETRY_OFFSETS_MS.length, middle)).toBeUndefined();
  });

  it('jitters each wait by up to a tenth, keeps attempts in order and never goes past 24 hours', () => {
    for (const random of [() => 0, () => 0.999999]) {
      const offsets = RETRY_OFFSETS_MS.map((_, made) => offsetAfter(made, random));
      for (const [made, offset] of offsets.entries()) {
        const exact = RETRY_OFFSETS_MS[made] ?? 0;
        const wait = exact - (RETRY_OFFSETS_MS[made - 1] ?? 0);
        expect(Math.abs(offset - exact)).toBeLessThanOrEqual(wait * 0.1 + 1);
        if (made > 0) expect(offset).toBeGreaterThan(offsets[made - 1] ?? 0);
      }
      expect(Math.max(...offsets)).toBeLessThanOrEqual(24 * HOUR);
    }
  });
});
