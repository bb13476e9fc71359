import { describe, expect, it } from 'vitest';
import { timelineSteps } from './timeline';

const base = {
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:02:00.000Z',
  completedAt: null,
};
const keys = (status: Parameters<typeof timelineSteps>[0]['status'], completedAt: string | null = null) =>
  timelineSteps({ ...base, status, completedAt }).map((step) => `${step.key}:${step.state}`);

describe('timelineSteps (spec §4)', () => {
  it('always starts with the creation, then the steps reached so far', () => {
    expect(keys('pending')).toEqual([
      'created:done',
      'processing:upcoming',
      'generating:upcoming',
      'completed:upcoming',
    ]);
    expect(keys('processing')).toEqual([
      'created:done',
      'processing:current',
      'generating:upcoming',
      'completed:upcoming',
    ]);
    expect(keys('rendering')).toEqual([
      'created:done',
      'processing:done',
      'rendering:current',
      'completed:upcoming',
    ]);
  });

  it("ends with 'Concluído' at completed_at, or 'Falhou'", () => {
    const done = timelineSteps({ ...base, status: 'completed', completedAt: '2026-03-01T12:04:00.000Z' });
    expect(done.map((s) => s.key)).toEqual(['created', 'processing', 'generated', 'completed']);
    expect(done.at(-1)?.at).toBe('2026-03-01T12:04:00.000Z');
    expect(keys('failed')).toEqual(['created:done', 'processing:done', 'failed:failed']);
  });
});
