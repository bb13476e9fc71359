import { describe, expect, it } from 'vitest';
import { formatBRL } from './format';

describe('formatBRL', () => {
  it('writes reais with a normal space, and a negative amount with the real minus sign', () => {
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
    expect(formatBRL(-10990)).toBe('\u2212R$ 109,90');
    expect(formatBRL(-10990)).not.toContain('-');
  });
});
