import { describe, expect, it } from 'vitest';
import { VIDEO_PHASES, videoPhaseOf } from './video-phase';
import { VIDEO_STATUSES } from './video-status';

describe('videoPhaseOf', () => {
  it('tells each stored status as one of the four phases people see', () => {
    expect(Object.fromEntries(VIDEO_STATUSES.map((status) => [status, videoPhaseOf(status)]))).toEqual({
      pending: 'queued',
      processing: 'generating',
      generating: 'generating',
      rendering: 'generating',
      completed: 'ready',
      failed: 'failed',
    });
  });

  it('uses every phase', () => {
    expect(new Set(VIDEO_STATUSES.map(videoPhaseOf))).toEqual(new Set(VIDEO_PHASES));
  });
});
