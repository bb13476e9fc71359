import { describe, expect, it } from 'vitest';
import { calendarDayNumber, renewalText } from './renewal';

const SP = 'America/Sao_Paulo';

describe('renewalText', () => {
  const now = new Date('2026-03-10T15:00:00Z'); // 12:00 in São Paulo

  it('is expired, with the date, once the period end has passed', () => {
    expect(renewalText(new Date('2026-03-01T12:00:00Z'), now, SP)).toEqual({
      kind: 'expired',
      date: '01/03/2026',
    });
    expect(renewalText(now, now, SP)).toEqual({ kind: 'expired', date: '10/03/2026' });
  });

  it('is today later the same calendar day in the user time zone', () => {
    expect(renewalText(new Date('2026-03-11T02:59:00Z'), now, SP)).toEqual({ kind: 'today' }); // 23:59 local
  });

  it('is tomorrow on the next calendar day, even under 24 hours away', () => {
    expect(renewalText(new Date('2026-03-11T03:00:00Z'), now, SP)).toEqual({ kind: 'tomorrow' }); // 00:00 local
    expect(renewalText(new Date('2026-03-12T02:00:00Z'), now, SP)).toEqual({ kind: 'tomorrow' });
  });

  it('counts days up to 7, then shows dd/MM/yyyy', () => {
    expect(renewalText(new Date('2026-03-12T15:00:00Z'), now, SP)).toEqual({ kind: 'days', days: 2 });
    expect(renewalText(new Date('2026-03-17T15:00:00Z'), now, SP)).toEqual({ kind: 'days', days: 7 });
    expect(renewalText(new Date('2026-03-18T15:00:00Z'), now, SP)).toEqual({
      kind: 'date',
      date: '18/03/2026',
    });
  });

  it('uses the user time zone for the day boundary and the date', () => {
    const end = new Date('2026-04-10T01:00:00Z'); // 09/04 22:00 in São Paulo, 10/04 02:00 in London
    expect(renewalText(end, now, SP)).toEqual({ kind: 'date', date: '09/04/2026' });
    expect(renewalText(end, now, 'Europe/London')).toEqual({ kind: 'date', date: '10/04/2026' });
    const late = new Date('2026-03-10T23:30:00Z'); // 20:30 São Paulo (today), 00:30 next day in Paris
    expect(renewalText(new Date('2026-03-11T00:30:00Z'), late, SP)).toEqual({ kind: 'today' });
    const parisEvening = new Date('2026-03-11T22:00:00Z'); // 23:00 on 11/03 in Paris, 19:00 in São Paulo
    expect(renewalText(parisEvening, late, 'Europe/Paris')).toEqual({ kind: 'today' });
    expect(renewalText(parisEvening, late, SP)).toEqual({ kind: 'tomorrow' });
  });
});

describe('calendarDayNumber', () => {
  it('counts whole calendar days in the zone', () => {
    expect(calendarDayNumber(new Date('1970-01-02T12:00:00Z'), 'UTC')).toBe(1);
    expect(
      calendarDayNumber(new Date('2026-03-11T03:00:00Z'), SP) -
        calendarDayNumber(new Date('2026-03-10T15:00:00Z'), SP),
    ).toBe(1);
  });
});
