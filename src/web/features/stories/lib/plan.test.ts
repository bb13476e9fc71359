import { describe, expect, it } from 'vitest';
import type { StoryShot } from '#shared/stories';
import { addShot, moveShot, type PlanShot, planBody, planProblems, withSavedIds } from './plan';

/** The server's shot ids are UUIDs (the PATCH schema checks them). */
const uuid = (key: string) => `00000000-0000-4000-8000-0000000000${key.charCodeAt(0).toString(16)}`;

const shot = (key: string, overrides: Partial<PlanShot> = {}): PlanShot => ({
  key,
  id: uuid(key),
  prompt: `Cena ${key}`,
  camera: '',
  setting: '',
  seconds: 8,
  castIds: [],
  speaker: '',
  line: '',
  join: 'cut',
  keep: true,
  pickedTake: undefined,
  ...overrides,
});

describe('the Roteiro plan', () => {
  it('opens the first shot with a cut after a move: nothing comes before it to continue', () => {
    const plan = [shot('a'), shot('b', { join: 'continue' }), shot('c')];
    const moved = moveShot(plan, 1, 0);
    expect(moved.map((s) => [s.key, s.join])).toEqual([
      ['b', 'cut'],
      ['a', 'cut'],
      ['c', 'cut'],
    ]);
  });

  it('sends a line only when both who says it and the words are typed, and refuses half a line', () => {
    const plan = [shot('a'), shot('b', { speaker: 'Dona Rosa', line: 'Bom dia' }), shot('c', { line: 'Oi' })];
    expect(planBody(plan).shots?.map((s) => s.dialogue)).toEqual([
      null,
      { speaker: 'Dona Rosa', line: 'Bom dia' },
      { speaker: '', line: 'Oi' },
    ]);
    expect(planProblems(plan)).toEqual({ c: { speaker: 'Diga quem fala.' } });
  });

  it('gives the shots this page added the ids the save answered, even after later edits moved them', () => {
    const added = addShot([shot('a')], 0, 8);
    const newKey = added[1]?.key ?? '';
    expect(added[1]?.id).toBeUndefined();
    const sent = added.map((s) => s.key);
    const later = moveShot(added, 1, 0);
    const saved = [{ id: uuid('a') }, { id: uuid('n') }] as StoryShot[];
    const merged = withSavedIds(later, sent, saved);
    expect(merged.map((s) => [s.key, s.id])).toEqual([
      [newKey, uuid('n')],
      ['a', uuid('a')],
    ]);
    expect(planBody(merged).shots?.map((s) => s.id)).toEqual([uuid('n'), uuid('a')]);
  });
});
