import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config.server';
import type { Logger } from '#server/logger.server';
import { createTranscriber } from './transcriber.server';

/** Local mode (no Gemini key): stand-in cues that say what they are, and no speech without an audio track. */
describe('the local transcriber', () => {
  const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as Logger;
  const transcribe = createTranscriber(loadConfig({ VIDEO_PROVIDER: 'local' }), logger);
  const video = (hasAudio: boolean) => ({ bytes: Buffer.alloc(0), deliveredSeconds: 5, hasAudio });

  it('answers one marked cue every two seconds, within the video', async () => {
    expect(await transcribe(video(true))).toEqual({
      kind: 'speech',
      by: 'local',
      cues: [
        { start: 0, end: 2, text: 'Legenda local 1: corrija este texto' },
        { start: 2, end: 4, text: 'Legenda local 2: corrija este texto' },
        { start: 4, end: 5, text: 'Legenda local 3: corrija este texto' },
      ],
    });
  });

  it('hears no speech in a video without an audio track', async () => {
    expect(await transcribe(video(false))).toEqual({ kind: 'no_speech', by: 'local' });
  });
});
