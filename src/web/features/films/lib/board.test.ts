import { describe, expect, it } from 'vitest';
import type { FilmCandidate } from '#shared/films';
import { type BoardScene, boardRequest, moveScene, sceneCut } from './board';

const video = (id: string, deliveredSeconds = 8): FilmCandidate => ({
  id,
  prompt: `vídeo ${id}`,
  quality: 'fast',
  resolution: '720p',
  aspectRatio: '16:9',
  deliveredSeconds,
  createdAt: '2026-11-25T04:00:00.000Z',
  thumbnailUrl: null,
  videoUrl: null,
  film: false,
});
const scene = (id: string, start = '', end = ''): BoardScene => ({ key: id, video: video(id), start, end });

describe('the scene board', () => {
  it('moves a scene up, down and to either end, clamped', () => {
    const scenes = ['a', 'b', 'c'].map((id) => scene(id));
    const ids = (list: BoardScene[]) => list.map((s) => s.key).join('');
    expect(ids(moveScene(scenes, 2, 1))).toBe('acb');
    expect(ids(moveScene(scenes, 0, 1))).toBe('bac');
    expect(ids(moveScene(scenes, 0, 99))).toBe('bca');
    expect(ids(moveScene(scenes, 2, -5))).toBe('cab');
    expect(ids(moveScene(scenes, 1, 1))).toBe('abc');
  });

  it('keeps the typed part of a scene, with a comma or a point, and refuses a cut outside it', () => {
    expect(sceneCut(scene('a', '1,5', '4'))).toMatchObject({ ok: true, startSeconds: 1.5, keptSeconds: 2.5 });
    expect(sceneCut(scene('a'))).toMatchObject({ ok: true, keptSeconds: 8 });
    expect(sceneCut(scene('a', '', '9')).ok).toBe(false);
    expect(sceneCut(scene('a', '5', '5.2')).ok).toBe(false);
    expect(sceneCut(scene('a', 'abc')).ok).toBe(false);
  });

  it('builds the request only when it can be saved, leaving untouched edges out', () => {
    expect(boardRequest('Filme', [scene('a')], 'k')).toEqual({ ok: false, problem: 'needScenes' });
    expect(boardRequest('  ', [scene('a'), scene('b')], 'k')).toEqual({ ok: false, problem: 'needTitle' });
    expect(boardRequest('Filme', [scene('a'), scene('b', '7.8')], 'k')).toEqual({
      ok: false,
      problem: 'fixTrims',
    });
    expect(boardRequest(' Filme ', [scene('a', '0', '8'), scene('b', '1', '3')], 'k')).toEqual({
      ok: true,
      body: {
        title: 'Filme',
        clientKey: 'k',
        scenes: [{ requestId: 'a' }, { requestId: 'b', startSeconds: 1, endSeconds: 3 }],
      },
    });
  });
});
