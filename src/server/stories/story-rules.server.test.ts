import { describe, expect, it } from 'vitest';
import { type PlanInput, planByRules, sentencesOf, shotLengths, speakerBefore } from './story-rules.server';

/**
 * The local planner (ADR 0062) plans from the idea's own words: sentences become shots, a quoted line is spoken by
 * the person named before it, the shot count and lengths fit the target, and nothing is invented.
 */

const LENGTHS = [3, 4, 5, 6, 7, 8, 9, 10];
const CAST = [
  { id: 'ana', name: 'Ana', kind: 'character' as const, images: 1 },
  { id: 'bruno', name: 'Bruno', kind: 'character' as const, images: 2 },
  { id: 'marca', name: 'Estilo Padaria', kind: 'style' as const, images: 1 },
];
const input = (idea: string, extra: Partial<PlanInput> = {}): PlanInput => ({
  idea,
  targetSeconds: 30,
  cast: CAST.slice(0, 2),
  lengths: LENGTHS,
  referencesPerShot: 3,
  maxShots: 20,
  ...extra,
});

describe('the rules planner', () => {
  it('cuts sentences, keeping a quoted line whole', () => {
    expect(sentencesOf('Ana entra. Ela diz: "Oi! Tudo bem?" Depois sai…')).toEqual([
      'Ana entra.',
      'Ela diz: "Oi! Tudo bem?"',
      'Depois sai…',
    ]);
  });

  it('gives a line to the cast member named last before it, else the nearest capitalised name', () => {
    expect(speakerBefore('Bruno chega e Ana diz:', CAST)).toBe('Ana');
    expect(speakerBefore('Dona Maria responde:', CAST)).toBe('Maria');
    expect(speakerBefore('e então diz:', [])).toBeUndefined();
  });

  it('plans each sentence as a shot with its line, its cast and lengths adding up to the target', () => {
    const shots = planByRules(
      input(
        'Ana abre a padaria de manhã cedo. Ana diz: "Bom dia, o pão está quentinho!" Bruno chega de bicicleta. ' +
          'Bruno responde: "Quero dois pães de queijo." Os dois riem.',
      ),
    );
    expect(shots).toHaveLength(5);
    expect(shots.map((shot) => shot.seconds)).toEqual([6, 6, 6, 6, 6]);
    expect(shots[1]).toMatchObject({
      prompt: 'Ana diz',
      dialogue: { speaker: 'Ana', line: 'Bom dia, o pão está quentinho!' },
      castIds: ['ana'],
      join: 'cut',
    });
    expect(shots[3]?.dialogue).toEqual({ speaker: 'Bruno', line: 'Quero dois pães de queijo.' });
    expect(shots[2]?.castIds).toEqual(['bruno']);
    expect(shots[4]?.castIds).toEqual([]);
  });

  it('never invents words: too few sentences become clauses, then continuity shots of the same words', () => {
    const shots = planByRules(input('Um cachorro corre na praia, pula as ondas', { targetSeconds: 40 }));
    expect(shots.map((shot) => shot.prompt)).toEqual([
      'Um cachorro corre na praia',
      'Um cachorro corre na praia',
      'pula as ondas',
      'pula as ondas',
    ]);
    expect(shots.map((shot) => shot.join)).toEqual(['cut', 'continue', 'cut', 'continue']);
    expect(shots.reduce((sum, shot) => sum + shot.seconds, 0)).toBe(40);
    expect(shots.every((shot) => shot.dialogue === null)).toBe(true);
  });

  it('joins neighbours when the idea has more sentences than the target holds', () => {
    const idea = Array.from({ length: 8 }, (_, index) => `Cena número ${index + 1}.`).join(' ');
    const shots = planByRules(input(idea, { targetSeconds: 15 }));
    expect(shots.length).toBeLessThanOrEqual(5);
    expect(shots.map((shot) => shot.prompt).join(' ')).toBe(idea);
  });

  it('keeps a shot within the references the model takes, styles in every shot', () => {
    const shots = planByRules(
      input('Ana e Bruno dançam na padaria.', { cast: CAST, referencesPerShot: 3, targetSeconds: 15 }),
    );
    // Ana (1) + Bruno (2) fill the three references: the style (1 more) does not fit.
    expect(shots[0]?.castIds).toEqual(['ana', 'bruno']);
  });

  it('spreads the target over the lengths the model takes', () => {
    expect(shotLengths(3, 30, LENGTHS)).toEqual([10, 10, 10]);
    expect(shotLengths(4, 30, LENGTHS)).toEqual([7, 8, 7, 8]);
    expect(shotLengths(2, 15, [4, 6, 8]).reduce((a, b) => a + b)).toBe(14);
  });
});
