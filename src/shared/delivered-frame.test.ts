import { describe, expect, it } from 'vitest';
import { deliveredFrameSize, frameText } from './delivered-frame';

describe('deliveredFrameSize', () => {
  it('keeps the provider frame in its own ratios and crops 1:1 and 4:3 out of 16:9 at full height', () => {
    expect(frameText(deliveredFrameSize('4k', '16:9'))).toBe('3840x2160');
    expect(frameText(deliveredFrameSize('4k', '9:16'))).toBe('2160x3840');
    expect(frameText(deliveredFrameSize('4k', '1:1'))).toBe('2160x2160');
    expect(frameText(deliveredFrameSize('4k', '4:3'))).toBe('2880x2160');
    expect(frameText(deliveredFrameSize('1080p', '1:1'))).toBe('1080x1080');
    expect(frameText(deliveredFrameSize('720p', '4:3'))).toBe('960x720');
    expect(frameText(deliveredFrameSize('360p', '4:3'))).toBe('480x360');
  });
});
