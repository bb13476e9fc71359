import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '#tests/support/web-i18n';
import { localizedRelativeTime } from './relative-time';

describe('localizedRelativeTime (spec §9 texts)', () => {
  beforeAll(async () => {
    await i18n.loadLanguages('en');
  });

  const now = new Date('2025-06-15T15:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const H = 60 * MIN;
  const D = 24 * H;

  it.each([
    [0, 'agora', 'just now'],
    [59_999, 'agora', 'just now'],
    [-5 * MIN, 'agora', 'just now'],
    [MIN, 'há 1 min', '1 min ago'],
    [59 * MIN + 59_999, 'há 59 min', '59 min ago'],
    [H, 'há 1 h', '1 h ago'],
    [23 * H + 59 * MIN, 'há 23 h', '23 h ago'],
    [D, 'ontem', 'yesterday'],
    [2 * D - 1, 'ontem', 'yesterday'],
    [2 * D, 'há 2 dias', '2 days ago'],
    [7 * D - 1, 'há 6 dias', '6 days ago'],
  ])('%i ms ago → %s / %s', (elapsed, portuguese, english) => {
    expect(localizedRelativeTime(ago(elapsed), now, 'America/Sao_Paulo', 'pt-BR')).toBe(portuguese);
    expect(localizedRelativeTime(ago(elapsed), now, 'America/Sao_Paulo', 'en')).toBe(english);
  });

  it('7 days and more → dd/MM/yyyy in the user zone, in both languages', () => {
    const date = new Date('2025-06-08T02:30:00Z');
    expect(localizedRelativeTime(date, now, 'America/Sao_Paulo', 'pt-BR')).toBe('07/06/2025');
    expect(localizedRelativeTime(date, now, 'Europe/Paris', 'en')).toBe('08/06/2025');
  });
});
