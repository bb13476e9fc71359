import { describe, expect, it } from 'vitest';
import { conversionRate, formatConversionRate } from './admin';

describe('conversion rate (spec §2)', () => {
  it('is paying ÷ total in percent, rounded to one decimal', () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(5, 5)).toBe(100);
    expect(conversionRate(0, 0)).toBe(0);
  });

  it("reads '0%' only when there are no users, one decimal otherwise", () => {
    expect(formatConversionRate({ conversionRate: 0, totalUsers: 0 })).toBe('0%');
    expect(formatConversionRate({ conversionRate: 0, totalUsers: 12 })).toBe('0,0%');
    expect(formatConversionRate({ conversionRate: 12.5, totalUsers: 8 })).toBe('12,5%');
    expect(formatConversionRate({ conversionRate: 12.5, totalUsers: 8 }, 'en')).toBe('12.5%');
  });
});
