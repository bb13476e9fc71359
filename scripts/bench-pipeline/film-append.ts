import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { appendShot, FILM_TAG } from '#server/media/film.server';
import { probe } from '#server/media/rendering.server';
import { median, ms, run, table, tools } from './shared';

/** Appending a shot to films of growing length: the join must not grow with the film. */

const FILM_LENGTHS_SECONDS = [8, 60, 240] as const;
const APPEND_RUNS = 5;

/** An 8 s 720p 24 fps shot with sound, as Omni answers a Fast 16:9 video. */
async function makeShot(file: string, frequency: number): Promise<void> {
  await run(tools.ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=24'],
    ...[
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${frequency}`,
      '-t',
      '8',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
    ],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
}

interface AppendFigures {
  filmSeconds: number;
  joinMs: number[];
  reencodedSeconds: number;
  resultSeconds: number;
}

/**
 * Films of 8, 60 and 240 s in the film setting, each extended by one 8 s shot. The films are copies of one 8 s
 * film-setting part joined by stream copy — the encoder settings a film built shot by shot has throughout.
 */
export async function benchAppend(dir: string): Promise<AppendFigures[]> {
  const work = await mkdtemp(path.join(dir, 'append-'));
  const first = path.join(work, 'first.mp4');
  const shot = path.join(work, 'shot.mp4');
  await Promise.all([makeShot(first, 440), makeShot(shot, 660)]);
  // One append puts the provider's file in the film setting; its first 8 s (cut at a keyframe) is the part.
  const seeded = await mkdtemp(path.join(work, 'seed-'));
  await appendShot({ headFile: first, shotFile: shot, outFile: path.join(seeded, 'film.mp4'), tools });
  const part = path.join(work, 'part.mp4');
  await run(tools.ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', path.join(seeded, 'film.mp4'), '-t', '8'],
    ...['-c', 'copy', '-metadata', `comment=${FILM_TAG}`, part],
  ]);
  const films: { file: string; figure: AppendFigures }[] = [];
  for (const seconds of FILM_LENGTHS_SECONDS) {
    const file = path.join(work, `film-${seconds}.mp4`);
    const list = path.join(work, `film-${seconds}.txt`);
    await writeFile(list, `file '${part}'\n`.repeat(Math.max(1, Math.round(seconds / 8))));
    await run(tools.ffmpegPath, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list],
      ...['-c', 'copy', '-metadata', `comment=${FILM_TAG}`, '-movflags', '+faststart', file],
    ]);
    const filmSeconds = (await probe(file, tools)).deliveredSeconds;
    films.push({ file, figure: { filmSeconds, joinMs: [], reencodedSeconds: 0, resultSeconds: 0 } });
  }
  // Round by round across the lengths, so a busy moment of the machine weighs on every length alike.
  for (let round = 0; round <= APPEND_RUNS; round++) {
    for (const { file, figure } of films) {
      const out = await mkdtemp(path.join(work, 'out-'));
      const outFile = path.join(out, 'film.mp4');
      const started = performance.now();
      const result = await appendShot({ headFile: file, shotFile: shot, outFile, tools });
      const elapsed = performance.now() - started;
      if (round > 0) figure.joinMs.push(elapsed); // the first round warms the page cache and ffmpeg
      figure.reencodedSeconds = result.reencodedSeconds;
      figure.resultSeconds = (await probe(outFile, tools)).deliveredSeconds;
      await rm(out, { recursive: true, force: true });
    }
  }
  const figures = films.map((film) => film.figure);
  return figures;
}

export function reportAppend(figures: AppendFigures[]): boolean {
  console.log(
    `\n5. Appending a new 8 s 720p shot to a film (a continuation past the model's limit), median of ` +
      `${APPEND_RUNS} rounds (each length once per round) after one warm-up round`,
  );
  table(
    ['film', 'join ms (median)', 'min ms', 'max ms', 'film re-encoded', 'result'],
    figures.map((figure) => [
      `${figure.filmSeconds.toFixed(1)} s`,
      ms(median(figure.joinMs)),
      ms(Math.min(...figure.joinMs)),
      ms(Math.max(...figure.joinMs)),
      `${figure.reencodedSeconds.toFixed(1)} s`,
      `${figure.resultSeconds.toFixed(1)} s`,
    ]),
  );
  const shortest = median(figures[0]?.joinMs ?? []);
  const longest = median(figures.at(-1)?.joinMs ?? []);
  const limit = shortest * 1.5 + 500;
  const met = longest <= limit;
  console.log(
    `  target: the longest film's join ≤ 1.5 × the 8 s film's + 500 ms (${ms(limit)} ms): ${ms(longest)} ms → ` +
      `${met ? 'PASS' : 'FAIL'}`,
  );
  return met;
}
