import { describe, expect, it } from 'vitest';
import type { VideoRequestListItem } from '#shared/history-list';
import { chosenFieldsOf } from '#shared/video-request';
import { groupVariations } from './variation-groups';

const item = (id: string, variation: VideoRequestListItem['variation'] = null): VideoRequestListItem => ({
  id,
  ...chosenFieldsOf({ prompt: 'Um barco', quality: 'fast', aspectRatio: '16:9', clipSeconds: 8 }),
  creditsUsed: 10,
  status: 'pending',
  createdAt: '2026-11-25T04:00:00.000Z',
  completedAt: null,
  story: null,
  thumbnailUrl: null,
  deliveredSeconds: null,
  kind: 'original',
  sourceRequestId: null,
  queue: null,
  variation,
});

describe('history variation groups', () => {
  it('gathers a submit’s variations in their order where the first of them stands, singles untouched', () => {
    const v = (index: number) => ({ groupId: 'g', index, count: 3, kept: false });
    const entries = groupVariations([
      item('a'),
      item('c', v(3)),
      item('x', v(1)),
      item('b', v(2)),
      item('z'),
    ]);
    expect(
      entries.map((entry) => (entry.kind === 'single' ? entry.item.id : entry.items.map((i) => i.id))),
    ).toEqual(['a', ['x', 'b', 'c'], 'z']);
  });
});
