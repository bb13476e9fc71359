import { describe, expect, it } from 'vitest';
import {
  DERIVATION_REFUSALS,
  directingCapabilities,
  directingProblems,
  editRefusal,
  extensionRefusal,
  LAST_FRAME_UNSUPPORTED,
  LOCAL_RENDERER_CAPABILITIES,
  offeredDirecting,
  REFERENCE_IMAGES_UNSUPPORTED,
} from './video-directing';
import { videoModelFacts } from './video-models';

const omni = (id: string) => {
  const facts = videoModelFacts(id);
  if (!facts) throw new Error(id);
  return directingCapabilities(facts);
};
const NOW = new Date('2026-11-23T12:00:00Z');
const source = (overrides: Partial<Parameters<typeof extensionRefusal>[0]> = {}) => ({
  status: 'completed' as const,
  completedAt: new Date('2026-11-22T12:00:00Z'),
  durationSeconds: 8,
  resolution: '1280x720',
  operationName: 'interactions/v1_abc',
  ...overrides,
});

describe('extension and edit rules from the catalogue', () => {
  it('Omni 1.1 extends 8 s at a time up to 40 s, and not a source another model made', () => {
    const capabilities = omni('gemini-omni-1.1-flash');
    expect(extensionRefusal(source({ durationSeconds: 32 }), capabilities, NOW)).toBeUndefined();
    expect(extensionRefusal(source({ durationSeconds: 40 }), capabilities, NOW)).toBe(
      DERIVATION_REFUSALS.maxLength(40),
    );
    expect(extensionRefusal(source({ operationName: 'local/x' }), capabilities, NOW)).toBe(
      DERIVATION_REFUSALS.otherModel,
    );
    expect(editRefusal(source({ status: 'rendering' }), capabilities, NOW)).toBe(
      DERIVATION_REFUSALS.notCompleted,
    );
  });

  it('a stored interaction past its retention cannot be continued', () => {
    const old = source({ completedAt: new Date('2026-09-01T12:00:00Z') });
    expect(extensionRefusal(old, omni('gemini-omni-1.1-flash'), NOW)).toBe(DERIVATION_REFUSALS.tooOld);
    expect(editRefusal(old, omni('gemini-omni-1.1-flash'), NOW)).toBe(DERIVATION_REFUSALS.tooOld);
  });

  it('the preview does not extend; Veo is offered neither extension nor edit; the local renderer does both', () => {
    expect(extensionRefusal(source(), omni('gemini-omni-flash-preview'), NOW)).toBe(
      DERIVATION_REFUSALS.extensionUnsupported,
    );
    expect(extensionRefusal(source(), omni('veo-3.1-generate-preview'), NOW)).toBe(
      DERIVATION_REFUSALS.extensionUnsupported,
    );
    expect(editRefusal(source(), omni('veo-3.1-generate-preview'), NOW)).toBe(
      DERIVATION_REFUSALS.editUnsupported,
    );
    const local = source({ durationSeconds: 64, operationName: 'local/x' });
    expect(extensionRefusal(local, LOCAL_RENDERER_CAPABILITIES, NOW)).toBeUndefined();
  });
});

describe('the create form offer', () => {
  it('shows what the mode model refuses, with the reason', () => {
    const preview = offeredDirecting({ lastFrame: false, referenceImagesMax: 0 });
    expect(directingProblems({ firstFrame: true, lastFrame: true, referenceImages: 1 }, preview)).toEqual({
      lastFrame: LAST_FRAME_UNSUPPORTED,
      referenceImages: REFERENCE_IMAGES_UNSUPPORTED,
    });
    expect(
      directingProblems(
        { firstFrame: true, lastFrame: true, referenceImages: 3 },
        offeredDirecting(undefined),
      ),
    ).toEqual({});
  });
});
