import {
  type CreateFilmInput,
  FILM_MIN_SCENE_SECONDS,
  FILM_MIN_SCENES,
  type FilmCandidate,
  sceneTrim,
} from '#shared/films';

/**
 * The scene board's state, kept pure so ordering and trimming are tested without a browser: the scenes in order,
 * each a candidate video with the start and end the user typed (text, as in the inputs; empty means the edge).
 */

export interface BoardScene {
  /** Unique on the board: the same video can be a scene twice. */
  key: string;
  video: FilmCandidate;
  start: string;
  end: string;
}

/** Moves the scene at `from` to `to` (both clamped into the list). */
export function moveScene(scenes: readonly BoardScene[], from: number, to: number): BoardScene[] {
  const target = Math.max(0, Math.min(scenes.length - 1, to));
  if (from === target || from < 0 || from >= scenes.length) return [...scenes];
  const next = [...scenes];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

const parseSeconds = (text: string): number | undefined => {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
};

export interface SceneCut {
  ok: boolean;
  startSeconds: number;
  endSeconds: number;
  /** What the film keeps of this scene, in seconds (0 when the cut is invalid). */
  keptSeconds: number;
}

/** The part of the scene the film keeps, by the server's own rule (src/shared/films.ts). */
export function sceneCut(scene: BoardScene): SceneCut {
  const start = parseSeconds(scene.start);
  const end = parseSeconds(scene.end);
  const trim =
    Number.isNaN(start) || Number.isNaN(end)
      ? ({ ok: false } as const)
      : sceneTrim({ startSeconds: start, endSeconds: end }, scene.video.deliveredSeconds);
  if (!trim.ok) return { ok: false, startSeconds: 0, endSeconds: 0, keptSeconds: 0 };
  return { ...trim, keptSeconds: trim.endSeconds - trim.startSeconds };
}

export type BoardProblem = 'needScenes' | 'needTitle' | 'fixTrims';

/** Why the board cannot be saved yet, or the request body to save it. */
export function boardRequest(
  title: string,
  scenes: readonly BoardScene[],
  clientKey: string,
): { ok: true; body: CreateFilmInput } | { ok: false; problem: BoardProblem } {
  if (scenes.length < FILM_MIN_SCENES) return { ok: false, problem: 'needScenes' };
  if (title.trim() === '') return { ok: false, problem: 'needTitle' };
  const cuts = scenes.map(sceneCut);
  if (cuts.some((cut) => !cut.ok)) return { ok: false, problem: 'fixTrims' };
  return {
    ok: true,
    body: {
      title: title.trim(),
      clientKey,
      scenes: scenes.map((scene, i) => {
        const cut = cuts[i] as SceneCut;
        return {
          requestId: scene.video.id,
          ...(cut.startSeconds > 0 ? { startSeconds: cut.startSeconds } : {}),
          ...(cut.endSeconds < scene.video.deliveredSeconds ? { endSeconds: cut.endSeconds } : {}),
        };
      }),
    },
  };
}

export const MIN_SCENE_SECONDS = FILM_MIN_SCENE_SECONDS;

/** Seconds for display in the user's language: at most two decimals. */
export function formatSeconds(value: number, language: string): string {
  return value.toLocaleString(language, { maximumFractionDigits: 2 });
}
