import { describe, expect, it } from 'vitest';
import {
  DERIVATION_REFUSALS,
  directingCapabilities,
  directingProblems,
  editRefusal,
  extensionPlan,
  extensionRefusal,
  FILM_MAX_SECONDS,
  FIRST_FRAME_ONLY,
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
  deliveredSeconds: 8,
  resolution: '1280x720',
  operationName: 'interactions/v1_abc',
  ...overrides,
});

describe('extension and edit rules from the catalogue', () => {
  it('Omni 1.1 extends 8 s at a time up to 40 s, and not a source another model made', () => {
    const capabilities = omni('gemini-omni-1.1-flash');
    expect(extensionRefusal(source({ deliveredSeconds: 32 }), capabilities, NOW)).toBeUndefined();
    expect(extensionRefusal(source({ deliveredSeconds: 40 }), capabilities, NOW)).toBe(
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
    const local = source({ deliveredSeconds: 64, operationName: 'local/x' });
    expect(extensionRefusal(local, LOCAL_RENDERER_CAPABILITIES, NOW)).toBeUndefined();
  });
});

describe("'Estender' past the model's limit", () => {
  const omni11 = omni('gemini-omni-1.1-flash');

  it('continues the same take while the model can, then a new shot from the last frame', () => {
    expect(extensionPlan(source({ deliveredSeconds: 32 }), omni11, NOW)).toEqual({
      allowed: true,
      continuation: 'same-take',
      lengthAfterSeconds: 40,
    });
    expect(extensionPlan(source({ deliveredSeconds: 40 }), omni11, NOW)).toEqual({
      allowed: true,
      continuation: 'new-shot',
      lengthAfterSeconds: 48,
    });
  });

  it('a model that cannot extend, a source too old or from another model: a new shot', () => {
    const newShot = { allowed: true, continuation: 'new-shot' };
    expect(extensionPlan(source(), omni('gemini-omni-flash-preview'), NOW)).toMatchObject(newShot);
    expect(extensionPlan(source(), omni('veo-3.1-generate-preview'), NOW)).toMatchObject(newShot);
    expect(extensionPlan(source(), FIRST_FRAME_ONLY, NOW)).toMatchObject(newShot);
    const old = source({ completedAt: new Date('2026-09-01T12:00:00Z') });
    expect(extensionPlan(old, omni11, NOW)).toMatchObject(newShot);
    expect(extensionPlan(source({ operationName: 'local/x' }), omni11, NOW)).toMatchObject(newShot);
    expect(extensionPlan(source({ deliveredSeconds: 120 }), LOCAL_RENDERER_CAPABILITIES, NOW)).toMatchObject(
      newShot,
    );
  });

  it('a film joined from shots goes on with shots, and the model does not edit it (its take is the last shot)', () => {
    const film = source({ deliveredSeconds: 16, joinedShots: true });
    expect(extensionPlan(film, omni11, NOW)).toEqual({
      allowed: true,
      continuation: 'new-shot',
      lengthAfterSeconds: 24,
    });
    expect(editRefusal(film, omni11, NOW)).toBe(DERIVATION_REFUSALS.editJoinedShots);
  });

  it('a film reaches five minutes; an unfinished video or a model without a first frame is refused', () => {
    expect(FILM_MAX_SECONDS).toBeGreaterThanOrEqual(300);
    expect(extensionPlan(source({ deliveredSeconds: 296 }), omni11, NOW)).toMatchObject({
      allowed: true,
      lengthAfterSeconds: 304,
    });
    expect(extensionPlan(source({ deliveredSeconds: FILM_MAX_SECONDS }), omni11, NOW)).toEqual({
      allowed: false,
      refusal: DERIVATION_REFUSALS.filmMaxLength,
    });
    expect(DERIVATION_REFUSALS.filmMaxLength).toBe(
      'Este vídeo já chegou a 5 minutos, a duração máxima de um filme na Cena.',
    );
    expect(extensionPlan(source({ status: 'generating' }), omni11, NOW)).toEqual({
      allowed: false,
      refusal: DERIVATION_REFUSALS.notCompleted,
    });
    const noImage = { ...FIRST_FRAME_ONLY, firstFrame: false };
    expect(extensionPlan(source(), noImage, NOW)).toEqual({
      allowed: false,
      refusal: DERIVATION_REFUSALS.extensionUnsupported,
    });
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
