import { expect, it } from 'vitest';
import { modelSpeaks } from './video-model-speech';

it('says which video models speak a written line: Omni and Veo 3, not Veo 2 nor an unknown id', () => {
  expect(modelSpeaks('gemini-omni-1.1-flash')).toBe(true);
  expect(modelSpeaks('gemini-omni-1.2-flash')).toBe(true);
  expect(modelSpeaks('veo-3.1-generate-preview')).toBe(true);
  expect(modelSpeaks('veo-2.0-generate-001')).toBe(false);
  expect(modelSpeaks('imagen-4')).toBe(false);
});
