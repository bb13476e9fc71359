import { describe, expect, it } from 'vitest';
import { parseWebVtt } from '#tests/support/webvtt';
import { toWebVtt } from './webvtt.server';

describe('toWebVtt', () => {
  it('writes a valid WebVTT file: signature, numbered cues, hh:mm:ss.ttt timings, escaped text', () => {
    const vtt = toWebVtt([
      { start: 0, end: 1.5, text: 'Olá & <bem-vindos>' },
      { start: 61.25, end: 3725.001, text: 'a seta --> não fecha a legenda' },
    ]);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(parseWebVtt(vtt)).toEqual([
      { start: '00:00:00.000', end: '00:00:01.500', text: 'Olá &amp; &lt;bem-vindos&gt;' },
      { start: '00:01:01.250', end: '01:02:05.001', text: 'a seta --&gt; não fecha a legenda' },
    ]);
  });
});
