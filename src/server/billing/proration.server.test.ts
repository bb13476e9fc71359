import { describe, expect, it } from 'vitest';
import { daysShare, prepaidShare, prorate, timeShare } from './proration.server';

/** One share prorates an upgrade's price and its credits alike (ADR 0049). */

const DAY_MS = 86_400_000;

describe('proration', () => {
  it('prorates cents and credits by the same share, half up, never beyond one period', () => {
    const lastDay = daysShare(1, 'monthly');
    expect([prorate(100_000, lastDay), prorate(1400, lastDay)]).toEqual([3333, 47]);
    expect(prorate(22_000, daysShare(31, 'monthly'))).toBe(22_000);
    expect(prorate(1400, daysShare(0, 'monthly'))).toBe(0);
    expect(prorate(15, { part: 1, whole: 2 })).toBe(8);
  });

  it('counts a begun day whole for Pix (30 or 365 days), and time to the millisecond for the portal', () => {
    const end = new Date('2026-12-29T00:00:00Z');
    expect(prepaidShare(end, 'monthly', new Date(end.getTime() - 12 * 3_600_000))).toEqual({
      part: 1,
      whole: 30,
    });
    expect(prepaidShare(end, 'yearly', new Date(end.getTime() - 40.5 * DAY_MS))).toEqual({
      part: 41,
      whole: 365,
    });
    expect(prepaidShare(end, 'monthly', new Date(end.getTime() + DAY_MS)).part).toBe(0);
    const start = new Date(end.getTime() - 30 * DAY_MS);
    expect(timeShare(start, end, new Date(end.getTime() - 3 * DAY_MS))).toEqual({
      part: 3 * DAY_MS,
      whole: 30 * DAY_MS,
    });
  });
});
