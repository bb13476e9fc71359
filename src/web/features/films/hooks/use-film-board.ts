import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilmCandidate, FilmCandidateRow } from '#shared/films';
import { type BoardScene, moveScene, sceneCut } from '../lib/board';

/**
 * The board's scenes: added from the candidates (each a new key, so one video can be two scenes), moved, trimmed
 * and removed, each change said in the polite live region (`announcement`). `?scene={id}` starts the board with
 * that video. `onAdded` hears of each added scene (the save's problem is cleared).
 */
export function useFilmBoard(
  candidates: readonly FilmCandidateRow[] | undefined,
  preselected: string | null,
  onAdded: () => void,
) {
  const { t } = useTranslation('films');
  const [scenes, setScenes] = useState<BoardScene[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const nextKey = useRef(0);

  const announce = useCallback((message: string) => {
    // A changed text is announced even when it repeats the last one (two moves to the same place).
    setAnnouncement((last) => (last === message ? `${message}\u00a0` : message));
  }, []);

  const add = useCallback(
    (video: FilmCandidate) => {
      nextKey.current += 1;
      const key = `${video.id}-${nextKey.current}`;
      setScenes((current) => [...current, { key, video, start: '', end: '' }]);
      onAdded();
      announce(t('board.added', { position: scenes.length + 1 }));
    },
    [announce, scenes.length, t, onAdded],
  );

  // Started from a video's detail page: that video is the first scene.
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !preselected || !candidates) return;
    seeded.current = true;
    // A variation that is not its group's row is among the row's others.
    const video = candidates
      .flatMap((row) => [row, ...row.otherVariations])
      .find((candidate) => candidate.id === preselected);
    if (video) add(video);
  }, [preselected, candidates, add]);

  return {
    scenes,
    announcement,
    announce,
    add,
    ratio: scenes[0]?.video.aspectRatio ?? null,
    totalSeconds: scenes.reduce((sum, scene) => sum + sceneCut(scene).keptSeconds, 0),
    move: (from: number, to: number) => setScenes((current) => moveScene(current, from, to)),
    remove: (index: number) => setScenes((current) => current.filter((_, i) => i !== index)),
    trim: (index: number, edge: 'start' | 'end', value: string) =>
      setScenes((current) => current.map((scene, i) => (i === index ? { ...scene, [edge]: value } : scene))),
  };
}
