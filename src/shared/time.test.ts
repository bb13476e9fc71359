import { describe, expect, it } from 'vitest';
import {
  dayRange,
  greeting,
  relativeTime,
  STATS_RANGES,
  startOfZonedDay,
  statsRangeStart,
  zonedDay,
  zonedTimeToUtc,
} from './time';

const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';
const LON = 'Europe/London';
const PAR = 'Europe/Paris';
const at = (iso: string) => new Date(iso);

describe('relativeTime (spec §9)', () => {
  const now = at('2025-06-15T15:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const H = 60 * MIN;
  const D = 24 * H;

  it.each([
    [0, { unit: 'now', count: 0 }],
    [59_999, { unit: 'now', count: 0 }],
    [-5 * MIN, { unit: 'now', count: 0 }],
    [MIN, { unit: 'minutes', count: 1 }],
    [59 * MIN + 59_999, { unit: 'minutes', count: 59 }],
    [H, { unit: 'hours', count: 1 }],
    [23 * H + 59 * MIN, { unit: 'hours', count: 23 }],
    [D, { unit: 'yesterday', count: 0 }],
    [2 * D - 1, { unit: 'yesterday', count: 0 }],
    [2 * D, { unit: 'days', count: 2 }],
    [7 * D - 1, { unit: 'days', count: 6 }],
  ])('%i ms ago → %o', (elapsed, expected) => {
    expect(relativeTime(ago(elapsed), now, SP)).toEqual(expected);
  });

  it('7 days and more → dd/MM/yyyy in the user zone', () => {
    // 2025-06-08T02:30Z is still 07/06 in São Paulo (UTC-3) but 08/06 in Paris.
    const date = at('2025-06-08T02:30:00Z');
    expect(relativeTime(date, now, SP)).toEqual({ unit: 'date', count: 0, date: '07/06/2025' });
    expect(relativeTime(date, now, PAR)).toEqual({ unit: 'date', count: 0, date: '08/06/2025' });
  });
});

describe('greeting', () => {
  it.each([
    ['2025-06-15T03:00:00Z', SP, 'Bom dia'], // 00:00
    ['2025-06-15T14:59:59Z', SP, 'Bom dia'], // 11:59:59
    ['2025-06-15T15:00:00Z', SP, 'Boa tarde'], // 12:00
    ['2025-06-15T20:59:59Z', SP, 'Boa tarde'], // 17:59:59
    ['2025-06-15T21:00:00Z', SP, 'Boa noite'], // 18:00
    ['2025-06-16T02:59:59Z', SP, 'Boa noite'], // 23:59:59
    ['2025-06-15T11:00:00Z', LON, 'Boa tarde'], // 12:00 BST
    ['2025-01-15T11:00:00Z', LON, 'Bom dia'], // 11:00 GMT
    ['2025-06-15T16:00:00Z', NY, 'Boa tarde'], // 12:00 EDT
    ['2025-06-15T16:00:00Z', PAR, 'Boa noite'], // 18:00 CEST
  ] as const)('%s in %s → %s', (iso, zone, expected) => {
    expect(greeting(at(iso), zone)).toBe(expected);
  });
});

describe('dayRange (spec §5: inclusive, in the user zone)', () => {
  it('São Paulo (UTC-3, no DST)', () => {
    expect(dayRange('2025-03-10', '2025-03-12', SP)).toEqual({
      start: at('2025-03-10T03:00:00Z'),
      endExclusive: at('2025-03-13T03:00:00Z'),
    });
  });

  it('one day is 24 h in São Paulo, 23 h/25 h on DST days elsewhere', () => {
    const hours = (from: string, to: string, zone: string) => {
      const { start, endExclusive } = dayRange(from, to, zone);
      return (endExclusive.getTime() - start.getTime()) / 3_600_000;
    };
    expect(hours('2025-03-09', '2025-03-09', SP)).toBe(24);
    expect(hours('2025-03-09', '2025-03-09', NY)).toBe(23); // spring forward
    expect(hours('2025-11-02', '2025-11-02', NY)).toBe(25); // fall back
    expect(hours('2025-03-30', '2025-03-30', LON)).toBe(23);
    expect(hours('2025-10-26', '2025-10-26', PAR)).toBe(25);
  });

  it('London and Paris, summer and winter', () => {
    expect(dayRange('2025-07-01', '2025-07-01', LON).start).toEqual(at('2025-06-30T23:00:00Z'));
    expect(dayRange('2025-01-01', '2025-01-01', LON).start).toEqual(at('2025-01-01T00:00:00Z'));
    expect(dayRange('2025-07-01', '2025-07-01', PAR).start).toEqual(at('2025-06-30T22:00:00Z'));
    expect(dayRange('2025-12-31', '2025-12-31', PAR).endExclusive).toEqual(at('2025-12-31T23:00:00Z'));
  });

  it('the same instant falls on different days per zone', () => {
    const instant = at('2025-05-01T01:30:00Z'); // 30/04 22:30 in SP, 01/05 02:30 in London
    const inside = (zone: string, day: string) => {
      const { start, endExclusive } = dayRange(day, day, zone);
      return instant >= start && instant < endExclusive;
    };
    expect(inside(SP, '2025-04-30')).toBe(true);
    expect(inside(SP, '2025-05-01')).toBe(false);
    expect(inside(LON, '2025-05-01')).toBe(true);
    expect(inside(NY, '2025-04-30')).toBe(true);
  });

  it('month and year ends roll over', () => {
    expect(dayRange('2024-02-28', '2024-02-29', SP).endExclusive).toEqual(at('2024-03-01T03:00:00Z'));
    expect(dayRange('2024-12-31', '2024-12-31', SP).endExclusive).toEqual(at('2025-01-01T03:00:00Z'));
  });

  it('refuses malformed or reversed ranges', () => {
    expect(() => dayRange('2025-02-30', '2025-03-01', SP)).toThrow(RangeError);
    expect(() => dayRange('2025-3-1', '2025-03-01', SP)).toThrow(RangeError);
    expect(() => dayRange('2025-03-02', '2025-03-01', SP)).toThrow(RangeError);
  });
});

describe('zoned helpers', () => {
  it('zonedTimeToUtc resolves a skipped local time after the gap', () => {
    // 02:30 does not exist in New York on 2025-03-09; 03:00 EDT is 07:00Z.
    expect(zonedTimeToUtc(NY, 2025, 3, 9, 2, 30).getTime()).toBeGreaterThanOrEqual(
      at('2025-03-09T07:00:00Z').getTime(),
    );
    expect(zonedTimeToUtc(NY, 2025, 3, 9, 3, 0)).toEqual(at('2025-03-09T07:00:00Z'));
  });

  it('startOfZonedDay and zonedDay', () => {
    expect(startOfZonedDay(at('2025-05-01T01:30:00Z'), SP)).toEqual(at('2025-04-30T03:00:00Z'));
    expect(zonedDay(at('2025-05-01T01:30:00Z'), SP)).toBe('2025-04-30');
    expect(zonedDay(at('2025-05-01T01:30:00Z'), PAR)).toBe('2025-05-01');
  });
});

describe('statsRangeStart', () => {
  // Wednesday 2025-06-18 10:00 in São Paulo.
  const now = at('2025-06-18T13:00:00Z');

  it.each([
    ['today', '2025-06-18T03:00:00Z'],
    ['week', '2025-06-15T03:00:00Z'], // Sunday
    ['month', '2025-06-01T03:00:00Z'],
    ['3months', '2025-03-18T03:00:00Z'],
    ['year', '2025-01-01T03:00:00Z'],
    ['all', '2020-01-01T03:00:00Z'],
  ] as const)('%s in São Paulo', (range, expected) => {
    expect(statsRangeStart(range, now, SP)).toEqual(at(expected));
  });

  it('uses the user zone: 02:00Z on the 1st is still last month in São Paulo', () => {
    const early = at('2025-07-01T02:00:00Z');
    expect(statsRangeStart('month', early, SP)).toEqual(at('2025-06-01T03:00:00Z'));
    expect(statsRangeStart('month', early, PAR)).toEqual(at('2025-06-30T22:00:00Z'));
    expect(statsRangeStart('today', early, LON)).toEqual(at('2025-06-30T23:00:00Z'));
  });

  it('3 months back clamps to the month end and crosses the year', () => {
    expect(statsRangeStart('3months', at('2025-05-31T15:00:00Z'), SP)).toEqual(at('2025-02-28T03:00:00Z'));
    expect(statsRangeStart('3months', at('2025-02-10T15:00:00Z'), SP)).toEqual(at('2024-11-10T03:00:00Z'));
  });

  it('a week starting across a DST change (New York, Sunday 2025-03-09)', () => {
    expect(statsRangeStart('week', at('2025-03-12T15:00:00Z'), NY)).toEqual(at('2025-03-09T05:00:00Z'));
  });

  it('every range starts at or before now', () => {
    for (const range of STATS_RANGES) {
      for (const zone of [SP, NY, LON, PAR]) {
        expect(statsRangeStart(range, now, zone).getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
  });
});
