import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, truncatePrompt } from '#shared/format';
import type { HistoryQuery } from '#shared/history-filters';
import i18n from '#tests/support/web-i18n';
import { localizedRelativeTime } from '#web/lib/relative-time';
import { pageWindow } from '../components/pager';
import {
  CLEAR_SHEET_FILTERS,
  DEFAULT_HISTORY_QUERY,
  hasActiveFilters,
  parseHistoryParams,
  quickRange,
  sheetFilterCount,
} from './url-filters';

describe('parseHistoryParams', () => {
  it('reads the shared schema from the URL', () => {
    expect(
      parseHistoryParams(
        new URLSearchParams('page=3&q=farol&quality=fast&status=failed&from=2026-01-01&to=2026-01-31'),
      ),
    ).toEqual({
      page: 3,
      q: 'farol',
      quality: 'fast',
      status: 'failed',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(parseHistoryParams(new URLSearchParams(''))).toEqual(DEFAULT_HISTORY_QUERY);
  });
  it('drops what the schema refuses and keeps the rest', () => {
    const query = parseHistoryParams(
      new URLSearchParams('page=0&quality=hd&status=failed&lang=en&from=2026-02-30'),
    );
    expect(query).toMatchObject({ page: 1, quality: 'all', status: 'failed' });
    expect(query.from).toBeUndefined();
    expect(hasActiveFilters(query)).toBe(true);
    expect(hasActiveFilters(DEFAULT_HISTORY_QUERY)).toBe(false);
  });
});

describe('quickRange', () => {
  it('is inclusive of today, in the user zone', () => {
    // 02:30 UTC on 1 March is still 28 February in São Paulo (UTC−3).
    const now = new Date('2026-03-01T02:30:00Z');
    expect(quickRange('today', now, 'America/Sao_Paulo')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(quickRange('last7', now, 'America/Sao_Paulo')).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(quickRange('last30', now, 'Europe/Paris')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });
});

describe('pager and table helpers', () => {
  beforeAll(async () => {
    await i18n.loadLanguages('en');
  });
  it('shows up to 5 page buttons around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
  it('cuts prompts at 50 characters', () => {
    expect(truncatePrompt('a'.repeat(50))).toBe('a'.repeat(50));
    expect(truncatePrompt('é'.repeat(51))).toBe(`${'é'.repeat(50)}…`);
  });
  it('formats dates in the user zone and localises the relative time', () => {
    const date = new Date('2026-03-01T02:30:00Z');
    expect(formatDateTime(date, 'America/Sao_Paulo')).toBe('28/02/2026 23:30');
    const now = new Date('2026-03-01T05:30:00Z');
    expect(localizedRelativeTime(date, now, 'America/Sao_Paulo', 'pt-BR')).toBe('há 3 h');
    expect(localizedRelativeTime(date, now, 'America/Sao_Paulo', 'en')).toBe('3 h ago');
  });
});

describe('sheetFilterCount', () => {
  it('counts quality, status and the period once, never the search', () => {
    expect(sheetFilterCount({ ...DEFAULT_HISTORY_QUERY, q: 'farol' })).toBe(0);
    expect(sheetFilterCount({ ...DEFAULT_HISTORY_QUERY, quality: 'fast' })).toBe(1);
    expect(sheetFilterCount({ ...DEFAULT_HISTORY_QUERY, from: '2026-01-01' })).toBe(1);
    expect(sheetFilterCount({ ...DEFAULT_HISTORY_QUERY, from: '2026-01-01', to: '2026-01-31' })).toBe(1);
    expect(
      sheetFilterCount({ ...DEFAULT_HISTORY_QUERY, quality: 'fast', status: 'failed', to: '2026-01-31' }),
    ).toBe(3);
  });

  it('is zero once the sheet is cleared, and the search is kept', () => {
    const set: HistoryQuery = {
      ...DEFAULT_HISTORY_QUERY,
      q: 'farol',
      quality: 'fast',
      status: 'failed',
      from: '2026-01-01',
    };
    const cleared: HistoryQuery = { ...set, ...CLEAR_SHEET_FILTERS };
    expect(sheetFilterCount(cleared)).toBe(0);
    expect(cleared.q).toBe('farol');
  });
});
