import { describe, expect, it } from 'vitest';
import { timeLeft, timelineSteps } from './timeline';

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

describe('timeLeft', () => {
  const at = (minutes: number) => new Date(Date.parse(base.createdAt) + minutes * 60_000);
  it('counts down from the mode’s typical upper bound', () => {
    expect(timeLeft('fast', base.createdAt, at(0))).toEqual({ kind: 'minutes', minutes: 5 });
    expect(timeLeft('fast', base.createdAt, at(1.5))).toEqual({ kind: 'minutes', minutes: 4 });
    expect(timeLeft('quality', base.createdAt, at(2))).toEqual({ kind: 'minutes', minutes: 8 });
  });
  it('then says almost, then overdue', () => {
    expect(timeLeft('fast', base.createdAt, at(4.5))).toEqual({ kind: 'almost' });
    expect(timeLeft('fast', base.createdAt, at(7))).toEqual({ kind: 'overdue' });
  });

  it("shows the take guarantee's checks before the outcome they led to, and after the creation during a re-roll", () => {
    const failed = {
      take: 1,
      passed: false,
      problems: [{ kind: 'frozen' as const, detail: 'imagem congelada por 8,0 s' }],
      checkedAt: '2026-03-01T12:01:00.000Z',
    };
    const passed = { take: 2, passed: true, problems: [], checkedAt: '2026-03-01T12:03:00.000Z' };
    const steps = (status: Parameters<typeof timelineSteps>[0]['status'], takeChecks: (typeof failed)[]) =>
      timelineSteps({ ...base, status, takeChecks }).map((step) => `${step.key}:${step.state}`);
    expect(steps('processing', [failed])).toEqual([
      'created:done',
      'take:failed',
      'processing:current',
      'generating:upcoming',
      'completed:upcoming',
    ]);
    expect(steps('completed', [failed, passed])).toEqual([
      'created:done',
      'processing:done',
      'generated:done',
      'take:failed',
      'take:done',
      'completed:done',
    ]);
  });
});
