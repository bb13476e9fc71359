import type { CaptionCue } from '#shared/captions';

/**
 * Cues as a WebVTT file (https://www.w3.org/TR/webvtt1/): the `WEBVTT` signature line, a blank line, then each cue
 * as an optional identifier, `hh:mm:ss.ttt --> hh:mm:ss.ttt` and its text, cues separated by blank lines. In cue
 * text `&`, `<` and `>` are escaped as character references (§4.2.2, "cue text"), which also keeps `-->` out of it;
 * the text is one line, so no blank line can end a cue early.
 */

function timestamp(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor(millis / 60_000) % 60;
  const secs = Math.floor(millis / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(millis % 1000, 3)}`;
}

const escapeText = (text: string) =>
  text.replace(/\s+/g, ' ').trim().replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function toWebVtt(cues: readonly CaptionCue[]): string {
  const blocks = cues.map(
    (cue, index) =>
      `${index + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${escapeText(cue.text)}`,
  );
  return `WEBVTT\n\n${blocks.map((block) => `${block}\n\n`).join('')}`;
}
