import type { TakeStrictness } from '#server/config.server';
import { type MediaTools, runTool } from '#server/media/media.server';

/**
 * What ffmpeg's detect filters find in a delivered video, in one decoding pass
 * (https://ffmpeg.org/ffmpeg-filters.html): `freezedetect` (frames that stop changing, `freeze_start` /
 * `freeze_end`), `blackdetect` (`black_start:… black_end:…`) and, when there is sound, `silencedetect`
 * (`silence_start:` / `silence_end:`). They log at info level on stderr; a stretch still running at the end of the
 * file may have no end logged, so it ends with the video.
 */

export interface Stretch {
  start: number;
  end: number;
}

export interface MediaSignals {
  frozen: Stretch[];
  black: Stretch[];
  /** Empty when the file has no sound track (that is `hasAudio`'s to say). */
  silent: Stretch[];
  /** Frames the pass decoded (ffmpeg's last `frame=` report, printed even with `-nostats`): what was checked. */
  decodedFrames?: number;
}

/**
 * The shortest stretch each filter reports, per strictness, for Cena's 8 s videos. Noise tolerances are the
 * filters' documented defaults (freezedetect -60 dB, blackdetect pixel threshold 0.10) and -50 dB for silence,
 * below any audible sound.
 */
export const SIGNAL_THRESHOLDS: Record<
  TakeStrictness,
  { frozenSeconds: number; blackSeconds: number; silentShare: number }
> = {
  lenient: { frozenSeconds: 4, blackSeconds: 3, silentShare: 0.9 },
  normal: { frozenSeconds: 3, blackSeconds: 2, silentShare: 0.75 },
  strict: { frozenSeconds: 2, blackSeconds: 1, silentShare: 0.5 },
};

const NUMBER = '(-?\\d+(?:\\.\\d+)?)';

function values(log: string, key: string): number[] {
  return [...log.matchAll(new RegExp(`${key}\\s*:\\s*${NUMBER}`, 'g'))].map((match) => Number(match[1]));
}

/** Starts and ends paired in order; a start without its end runs to the end of the video. */
function stretches(starts: number[], ends: number[], duration: number): Stretch[] {
  return starts.map((start, index) => ({ start: Math.max(0, start), end: ends[index] ?? duration }));
}

function parseSignals(log: string, checkedSeconds: number): MediaSignals {
  const frames = [...log.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1];
  return {
    decodedFrames: frames === undefined ? undefined : Number(frames),
    frozen: stretches(
      values(log, 'lavfi\\.freezedetect\\.freeze_start'),
      values(log, 'lavfi\\.freezedetect\\.freeze_end'),
      checkedSeconds,
    ),
    black: stretches(values(log, 'black_start'), values(log, 'black_end'), checkedSeconds),
    silent: stretches(values(log, 'silence_start'), values(log, 'silence_end'), checkedSeconds),
  };
}

/**
 * `media.fromSeconds` starts the pass there (an extension's new part, ADR 0050): `-ss` before `-i` seeks the input,
 * decoding from the keyframe before that point and dropping what precedes it, and the filters' times count from it
 * (https://ffmpeg.org/ffmpeg.html#Main-options, `-ss` as an input option). `checkedSeconds` is the length of what is checked: the whole take, or the part.
 */
export async function detectMediaSignals(
  file: string,
  media: { checkedSeconds: number; hasAudio: boolean; fromSeconds?: number },
  strictness: TakeStrictness,
  tools: MediaTools,
  signal?: AbortSignal,
): Promise<MediaSignals> {
  const limits = SIGNAL_THRESHOLDS[strictness];
  const silentSeconds = Math.max(0.5, media.checkedSeconds * limits.silentShare);
  const { stderr } = await runTool(
    tools.ffmpegPath,
    [
      '-hide_banner',
      '-nostats',
      '-loglevel',
      'info',
      ...(media.fromSeconds ? ['-ss', media.fromSeconds.toFixed(3)] : []),
      '-i',
      file,
      '-vf',
      `freezedetect=n=-60dB:d=${limits.frozenSeconds},blackdetect=d=${limits.blackSeconds}:pix_th=0.10`,
      ...(media.hasAudio ? ['-af', `silencedetect=n=-50dB:d=${silentSeconds.toFixed(2)}`] : ['-an']),
      '-f',
      'null',
      '-',
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
  return parseSignals(stderr, media.checkedSeconds);
}
