import { describe, expect, it } from 'vitest';
import { CAST_MESSAGES, castFitProblem, createCastMemberSchema, updateCastMemberSchema } from './cast';
import { directingCapabilities } from './video-directing';
import { videoModelFacts } from './video-models';
import { createVideoRequestSchema } from './video-request';

/** The catalogue's reference-image count of a model (src/shared/video-models.ts). */
const referencesOf = (model: string) => {
  const facts = videoModelFacts(model);
  if (!facts) throw new Error(`${model} is not catalogued`);
  return directingCapabilities(facts).referenceImagesMax;
};

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
    const character = { name: 'Ana', kind: 'character' };
    expect(createCastMemberSchema.safeParse(character).error?.issues[0]?.message).toBe(
      CAST_MESSAGES.consentRequired,
    );
    expect(createCastMemberSchema.safeParse({ ...character, likenessConsent: 'false' }).success).toBe(false);
    expect(createCastMemberSchema.safeParse({ ...character, likenessConsent: 'true' }).success).toBe(true);
    expect(createCastMemberSchema.safeParse({ name: 'Garrafa', kind: 'product' }).success).toBe(true);
    expect(createCastMemberSchema.safeParse({ name: '  ', kind: 'style' }).success).toBe(false);
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
    expect(createVideoRequestSchema.safeParse({ ...base, variations: '4' }).success).toBe(true);
    expect(createVideoRequestSchema.safeParse({ ...base, variations: '5' }).success).toBe(false);
    expect(createVideoRequestSchema.safeParse({ ...base, castIds: [id(1), id(2), id(3)] }).success).toBe(
      true,
    );
    expect(
      createVideoRequestSchema.safeParse({ ...base, castIds: [id(1), id(2), id(3), id(4)] }).success,
    ).toBe(false);
    expect(createVideoRequestSchema.safeParse({ ...base, castIds: [id(1), id(1)] }).success).toBe(false);
  });
});
