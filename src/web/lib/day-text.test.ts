import { describe, expect, it } from 'vitest';
import { dayToText, maskDayText, textToDay } from './day-text';

describe('pt-BR day text', () => {
  it('writes days as dd/MM/yyyy and reads them back', () => {
    expect(dayToText('2026-03-05')).toBe('05/03/2026');
    expect(textToDay('05/03/2026')).toBe('2026-03-05');
    expect(textToDay(dayToText('2024-12-31'))).toBe('2024-12-31');
  });

  it('refuses days that do not exist or are incomplete', () => {
    expect(textToDay('31/02/2026')).toBeUndefined();
    expect(textToDay('5/3/2026')).toBeUndefined();
    expect(textToDay('03/05/26')).toBeUndefined();
    expect(dayToText('2026-02-31')).toBe('');
    expect(dayToText(undefined)).toBe('');
  });

  it('masks typing into dd/MM/yyyy', () => {
    expect(maskDayText('05')).toBe('05');
    expect(maskDayText('0503')).toBe('05/03');
    expect(maskDayText('05032026')).toBe('05/03/2026');
    expect(maskDayText('05/03/2026999')).toBe('05/03/2026');
    expect(maskDayText('ab12')).toBe('12');
  });
});
