import { describe, expect, it } from 'vitest';
import { createFormatters, formatBRLWhole, splitCurrency } from './format';

describe('public page formatters', () => {
  it('drops the cents of whole reais only', () => {
    expect(formatBRLWhole(8300)).toBe('R$ 83');
    expect(formatBRLWhole(916600)).toBe('R$ 9.166');
    expect(formatBRLWhole(9990)).toBe('R$ 99,90');
  });

  it('splits the currency sign from the amount', () => {
    expect(splitCurrency('R$ 1.099,90')).toEqual({ symbol: 'R$', amount: '1.099,90' });
    expect(splitCurrency('1,10')).toEqual({ symbol: '', amount: '1,10' });
  });

  it('formats numbers in the UI language', () => {
    const pt = createFormatters('pt-BR');
    const en = createFormatters('en');
    expect(pt.n(1500)).toBe('1.500');
    expect(en.n(1500)).toBe('1,500');
    expect(pt.decimal1(4.8)).toBe('4,8');
    expect(en.decimal1(4.8)).toBe('4.8');
    expect(pt.list(['1:1', '4:3', '9:16'])).toBe('1:1, 4:3 e 9:16');
  });
});
