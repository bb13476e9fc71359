import { describe, expect, it } from 'vitest';
import {
  historyExportQuerySchema,
  historyQuerySchema,
  historySearchParams,
  searchParamsRecord,
  statusesOfFilter,
} from './history-filters';

describe('historyQuerySchema', () => {
  it('defaults', () => {
    expect(historyQuerySchema.parse({})).toEqual({ page: 1, q: '', quality: 'all', status: 'all' });
    expect(historyQuerySchema.parse({ page: '', q: '', quality: '', status: '', from: '', to: '' })).toEqual({
      page: 1,
      q: '',
      quality: 'all',
      status: 'all',
    });
  });

  it('accepts every known value', () => {
    expect(
      historyQuerySchema.parse({
        page: '3',
        q: '  praia ',
        quality: 'quality',
        status: 'rendering',
        from: '2025-01-01',
        to: '2025-01-01',
      }),
    ).toEqual({
      page: 3,
      q: 'praia',
      quality: 'quality',
      status: 'rendering',
      from: '2025-01-01',
      to: '2025-01-01',
    });
  });

  it.each([
    [{ sort: 'asc' }],
    [{ quality: 'hd' }],
    [{ quality: 'FAST' }],
    [{ status: 'done' }],
    [{ page: '0' }],
    [{ page: '-1' }],
    [{ page: '1.5' }],
    [{ page: 'abc' }],
    [{ from: '2025-02-30' }],
    [{ to: '01/02/2025' }],
    [{ from: '2025-03-02', to: '2025-03-01' }],
    [{ q: 'x'.repeat(201) }],
  ])('refuses %j', (input) => {
    expect(historyQuerySchema.safeParse(input).success).toBe(false);
  });

  it('names the unknown parameter in pt-BR', () => {
    const result = historyQuerySchema.safeParse({ foo: '1' });
    expect(result.error?.issues[0]?.message).toBe('Parâmetro não permitido: foo.');
  });

  it('the export schema has no page', () => {
    expect(historyExportQuerySchema.safeParse({ page: '1' }).success).toBe(false);
    expect(historyExportQuerySchema.parse({ status: 'failed' })).toEqual({
      q: '',
      quality: 'all',
      status: 'failed',
    });
  });
});

describe('URL helpers', () => {
  it('round-trips through the URL, leaving defaults out', () => {
    const params = historySearchParams({
      page: 2,
      q: 'gato',
      quality: 'all',
      status: 'failed',
      from: '2025-01-01',
    });
    expect(params.toString()).toBe('page=2&q=gato&status=failed&from=2025-01-01');
    const record = searchParamsRecord(params);
    expect(historyQuerySchema.parse(record)).toMatchObject({ page: 2, q: 'gato', status: 'failed' });
  });

  it('refuses repeated parameters', () => {
    expect(searchParamsRecord(new URLSearchParams('q=a&q=b'))).toBeUndefined();
  });
});

describe('status filter by phase (ADR 0058)', () => {
  it('takes the four phases the badges say, and still the six stored statuses', () => {
    for (const status of ['queued', 'generating', 'ready', 'failed', 'pending', 'rendering', 'completed']) {
      expect(historyQuerySchema.parse({ status }).status).toBe(status);
    }
  });

  it('selects every stored status of a phase, or the one status named', () => {
    expect(statusesOfFilter('queued')).toEqual(['pending']);
    expect(statusesOfFilter('generating')).toEqual(['processing', 'generating', 'rendering']);
    expect(statusesOfFilter('ready')).toEqual(['completed']);
    expect(statusesOfFilter('failed')).toEqual(['failed']);
    expect(statusesOfFilter('rendering')).toEqual(['rendering']);
  });
});
