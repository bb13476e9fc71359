import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LAST_FRAME_UNSUPPORTED, TOO_MANY_REFERENCE_IMAGES } from '#shared/video-directing';
import { PROVIDER_RESOLUTIONS } from '#shared/video-models';
import { newUuid } from '#web/lib/uuid';
import {
  checkReferenceImage,
  classifySubmitError,
  createFormResolver,
  sanitiseSeed,
  TYPED_FIELDS,
  typedValuesFrom,
  validateCreateForm,
  valuesFromSearch,
} from './create-form';

const ok = { prompt: 'Um barco ao amanhecer', quality: 'fast', aspectRatio: '16:9', seed: '' } as const;

describe('create form rules', () => {
  it("restores a saved draft's typed fields by the form's own schema (ADR 0027)", () => {
    // Every field the user types or picks is a draft field, the clip's included (ADR 0033).
    expect(TYPED_FIELDS).toEqual(expect.arrayContaining(['prompt', 'seed', 'clipSeconds', 'resolution']));
    expect(
      typedValuesFrom({
        prompt: 'Oi',
        quality: 'quality',
        clipSeconds: '6',
        resolution: '4k',
        seed: '123',
      }),
    ).toEqual({ prompt: 'Oi', quality: 'quality', clipSeconds: '6', resolution: '4k', seed: '123' });
    // A value the form would not take is dropped, not guessed at; the rest of the draft stays.
    expect(typedValuesFrom({ prompt: 'Oi', quality: 'ultra', resolution: '8k', clipSeconds: 6 })).toEqual({
      prompt: 'Oi',
    });
  });

  it('prefills from the query and ignores unknown values', () => {
    expect(
      valuesFromSearch(new URLSearchParams('prompt=Oi%20mundo&quality=quality&aspectRatio=9%3A16')),
    ).toEqual({
      prompt: 'Oi mundo',
      quality: 'quality',
      aspectRatio: '9:16',
      seed: '',
    });
    // A request's link names the clip as stored; the form takes it as the API does.
    expect(
      valuesFromSearch(new URLSearchParams('quality=quality&clipSeconds=5&masterResolution=4k')),
    ).toMatchObject({ clipSeconds: '5', resolution: '4k' });
    expect(valuesFromSearch(new URLSearchParams('clipSeconds=cinco'))).not.toHaveProperty('clipSeconds');
    expect(valuesFromSearch(new URLSearchParams('quality=ultra&aspectRatio=2:1'))).toMatchObject({
      quality: 'fast',
      aspectRatio: '16:9',
    });
  });

  it('needs a prompt of 10 characters (trimmed) and a 5-digit seed in range', () => {
    expect(validateCreateForm(ok)).toEqual({});
    expect(validateCreateForm({ ...ok, prompt: '  curto   ' })).toEqual({ prompt: 'promptShort' });
    expect(validateCreateForm({ ...ok, seed: '1234' })).toEqual({ seed: 'seedDigits' });
    expect(validateCreateForm({ ...ok, seed: '09999' })).toEqual({ seed: 'seedRange' });
    expect(validateCreateForm({ ...ok, seed: '10000' })).toEqual({});
    expect(validateCreateForm({ ...ok, seed: '99999' })).toEqual({});
    expect(sanitiseSeed('12a-34567')).toBe('12345');
  });

  it('judges the image by its first bytes and its size', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(await checkReferenceImage(new File([png], 'a.txt'))).toBeUndefined();
    expect(await checkReferenceImage(new File(['GIF89a'], 'a.png', { type: 'image/png' }))).toBe('imageType');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(png);
    expect(await checkReferenceImage(new File([big], 'big.png'))).toBe('imageTooLarge');
  });

  it('tells the failures apart as spec §8 does', () => {
    expect(classifySubmitError({ status: 402, code: 'insufficient_credits' }, false)).toBe('credits');
    expect(classifySubmitError({ status: 413 }, true)).toBe('upload');
    expect(classifySubmitError({ status: 400, fields: { prompt: 'Muito curto' } }, false)).toBe('fields');
    expect(classifySubmitError({ status: 500, code: 'internal_error' }, true)).toBe('submit');
    expect(classifySubmitError({ status: 0, code: 'network_error' }, false)).toBe('submit');
    // The mode's model is not served right now: the page says so and shows the mode as unavailable.
    expect(classifySubmitError({ status: 503, code: 'video_unavailable' }, false)).toBe('unavailable');
  });

  it('resolves the form with the shared rules, its messages in the UI language and the mode’s image rules', async () => {
    const t = ((key: string) => `t:${key}`) as unknown as TFunction<'videos'>;
    const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png');
    const form = { ...ok, firstFrame: null, lastFrame: null, referenceImages: [] };
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    const clip = { clipSecondsChoices: [8], resolutions: [...PROVIDER_RESOLUTIONS] };
    const offers = {
      draft: { lastFrame: false, referenceImagesMax: 3, ...clip },
      fast: { lastFrame: false, referenceImagesMax: 3, ...clip },
      quality: { lastFrame: true, referenceImagesMax: 3, ...clip },
    };
    const resolve = createFormResolver(offers, t);

    const valid = await resolve({ ...form, prompt: '  Um barco ao amanhecer  ', seed: '' }, {}, options);
    expect(valid.errors).toEqual({});
    expect(valid.values).toMatchObject({ prompt: 'Um barco ao amanhecer', seed: '' });

    const invalid = await resolve(
      {
        ...form,
        prompt: 'curto',
        seed: '1234',
        lastFrame: png(),
        referenceImages: [png(), png(), png(), png()],
      },
      {},
      options,
    );
    expect(invalid.errors.prompt?.message).toBe('t:create.errors.promptShort');
    expect(invalid.errors.seed?.message).toBe('t:create.errors.seedDigits');
    expect(invalid.errors.lastFrame?.message).toBe(LAST_FRAME_UNSUPPORTED);
    expect(invalid.errors.referenceImages?.message).toBe(TOO_MANY_REFERENCE_IMAGES);

    // A first frame refused by its bytes is not in the values, and still blocks the submit.
    const refused = await resolve(form, { firstFrameRefused: 'Use uma imagem JPG, PNG ou WEBP.' }, options);
    expect(refused.errors.firstFrame?.message).toBe('Use uma imagem JPG, PNG ou WEBP.');
  });

  it('makes v4 uuids', () => {
    expect(newUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
