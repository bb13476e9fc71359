import { describe, expect, it } from 'vitest';
import { greetingPeriod, hourIn } from './greeting';

describe('greeting by the hour in the user time zone', () => {
  it('uses the time zone, not the machine clock', () => {
    const instant = new Date('2025-01-15T14:30:00Z'); // 11:30 in São Paulo (UTC-3), 15:30 in Paris
    expect(hourIn(instant, 'America/Sao_Paulo')).toBe(11);
    expect(greetingPeriod(instant, 'America/Sao_Paulo')).toBe('morning');
    expect(greetingPeriod(instant, 'Europe/Paris')).toBe('afternoon');
    expect(greetingPeriod(instant, 'America/New_York')).toBe('morning');
  });

  it('switches at 12h and 18h', () => {
    expect(greetingPeriod(new Date('2025-01-15T14:59:59Z'), 'America/Sao_Paulo')).toBe('morning');
    expect(greetingPeriod(new Date('2025-01-15T15:00:00Z'), 'America/Sao_Paulo')).toBe('afternoon');
    expect(greetingPeriod(new Date('2025-01-15T20:59:59Z'), 'America/Sao_Paulo')).toBe('afternoon');
    expect(greetingPeriod(new Date('2025-01-15T21:00:00Z'), 'America/Sao_Paulo')).toBe('evening');
    expect(greetingPeriod(new Date('2025-01-16T02:59:00Z'), 'America/Sao_Paulo')).toBe('evening');
    expect(greetingPeriod(new Date('2025-01-16T03:00:00Z'), 'America/Sao_Paulo')).toBe('morning');
  });
});
