import { expect, it } from 'vitest';
import { videoModelLabel } from './video-model-label.server';

it('names the configured model family, and the local preview as such', () => {
  expect(videoModelLabel('local', 'veo-3.0-generate-001')).toBe('Prévia local');
  expect(videoModelLabel('gemini', 'gemini-omni-1.1-flash')).toBe('Gemini Omni');
  expect(videoModelLabel('gemini', 'veo-3.1-generate-preview')).toBe('Veo 3');
  expect(videoModelLabel('gemini', 'some-future-model')).toBe('some-future-model');
});
