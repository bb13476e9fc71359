import { describe, expect, it } from 'vitest';
import { CAST_MESSAGES, castFitProblem, createCastFormSchema, updateCastMemberSchema } from './cast';
import { REFERENCE_IMAGE_TOO_LARGE, REFERENCE_IMAGE_WRONG_TYPE } from './image-part';
import { directingCapabilities } from './video-directing';
import { videoModelFacts } from './video-models';
import { createVideoFormSchema } from './video-request-form';

/** The catalogue's reference-image count of a model (src/shared/video-models.ts). */
const referencesOf = (model: string) => {
  const facts = videoModelFacts(model);
  if (!facts) throw new Error(`${model} is not catalogued`);
  return directingCapabilities(facts).referenceImagesMax;
};

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'ana.png', {
    type: 'image/png',
  });
const images = [png()];

/** The first message the schema gives for `field`. */
const messageOf = (
  result: { error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('Elenco rules', () => {
  it("fits the cast to the model's reference images, counting the uploaded ones too", () => {
    const omni = referencesOf('gemini-omni-1.1-flash');
    expect(omni).toBe(3);
    expect(castFitProblem(2, 1, omni)).toBeUndefined();
    expect(castFitProblem(3, 1, omni)).toBe(
      'O modelo escolhido aceita até 3 imagens de referência; o elenco e as imagens escolhidas somam 4.',
    );
    // A model that takes no references cannot use a cast; without a cast there is nothing to say here.
    const veo3 = referencesOf('veo-3.0-generate-001');
    expect(veo3).toBe(0);
    expect(castFitProblem(1, 0, veo3)).toBe(
      'O modelo escolhido não aceita imagens de referência, então não usa o elenco.',
    );
    expect(castFitProblem(0, 0, veo3)).toBeUndefined();
  });

  it('needs a character’s consent, and only a character’s', () => {
    const character = { name: 'Ana', kind: 'character', images };
    expect(createCastFormSchema.safeParse(character).error?.issues[0]?.message).toBe(
      CAST_MESSAGES.consentRequired,
    );
    expect(createCastFormSchema.safeParse({ ...character, likenessConsent: 'false' }).success).toBe(false);
    expect(createCastFormSchema.safeParse({ ...character, likenessConsent: 'true' }).success).toBe(true);
    expect(createCastFormSchema.safeParse({ name: 'Garrafa', kind: 'product', images }).success).toBe(true);
    expect(createCastFormSchema.safeParse({ name: '  ', kind: 'style', images }).success).toBe(false);
    expect(updateCastMemberSchema.safeParse({}).success).toBe(false);
    expect(updateCastMemberSchema.safeParse({ description: null }).success).toBe(true);
  });

  it('takes 1 to 4 variations and up to 3 distinct cast members on create', () => {
    const base = {
      prompt: 'Um barco ao amanhecer no rio',
      quality: 'fast',
      aspectRatio: '16:9',
      clientKey: '00000000-0000-4000-8000-000000000000',
    };
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    expect(createVideoFormSchema.safeParse({ ...base, variations: '4' }).success).toBe(true);
    expect(createVideoFormSchema.safeParse({ ...base, variations: '5' }).success).toBe(false);
    expect(createVideoFormSchema.safeParse({ ...base, castIds: [id(1), id(2), id(3)] }).success).toBe(true);
    expect(createVideoFormSchema.safeParse({ ...base, castIds: [id(1), id(2), id(3), id(4)] }).success).toBe(
      false,
    );
    expect(createVideoFormSchema.safeParse({ ...base, castIds: [id(1), id(1)] }).success).toBe(false);
  });

  it('takes the cast form’s 1 to 3 images as files within the size limit, and says each problem with the consent', () => {
    const product = { name: 'Garrafa', kind: 'product' };
    expect(messageOf(createCastFormSchema.safeParse(product), 'images')).toBe(CAST_MESSAGES.imagesCount);
    expect(messageOf(createCastFormSchema.safeParse({ ...product, images: [] }), 'images')).toBe(
      CAST_MESSAGES.imagesCount,
    );
    const four = [png(), png(), png(), png()];
    expect(messageOf(createCastFormSchema.safeParse({ ...product, images: four }), 'images')).toBe(
      CAST_MESSAGES.imagesCount,
    );
    expect(messageOf(createCastFormSchema.safeParse({ ...product, images: ['texto'] }), 'images')).toBe(
      REFERENCE_IMAGE_WRONG_TYPE,
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png');
    expect(messageOf(createCastFormSchema.safeParse({ ...product, images: [big] }), 'images')).toBe(
      REFERENCE_IMAGE_TOO_LARGE,
    );
    // A character without images and without consent: both said at once.
    const character = createCastFormSchema.safeParse({ name: 'Ana', kind: 'character' });
    expect(messageOf(character, 'images')).toBe(CAST_MESSAGES.imagesCount);
    expect(messageOf(character, 'likenessConsent')).toBe(CAST_MESSAGES.consentRequired);
  });
});
