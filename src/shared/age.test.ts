import { describe, expect, it } from 'vitest';
import { isAdultOn } from './age';

describe('the age rule (ADR 0066)', () => {
  it('counts 18 years to the day', () => {
    expect(isAdultOn('2008-11-29', '2026-11-29')).toBe(true);
    expect(isAdultOn('2008-11-30', '2026-11-29')).toBe(false);
    expect(isAdultOn('1990-05-17', '2026-11-29')).toBe(true);
  });

  it('takes a 29 February birthday to 1 March in a year without one', () => {
    expect(isAdultOn('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAdultOn('2008-02-29', '2026-03-01')).toBe(true);
  });
});
