import { buildStructuredPrompt } from '#server/generation/generation.server';
import { LEFT_TO_THE_MODEL } from '#shared/prompt-preview';
import type { StoryDialogue, StoryJoin } from '#shared/stories';

/**
 * The planner of local mode (ADR 0062): the idea's own words, never new ones. Each sentence is a shot; a line in
 * quotes is that shot's dialogue, spoken by the person named before it (a cast member's name, else the nearest
 * capitalised name); the camera and setting are what the structured prompt's rules find in the sentence. The shot
 * count is fitted to the target length: too few sentences → a sentence's clauses become shots, then a shot goes on
 * in a continuity shot (the same words, opening on its last frame); too many → neighbouring sentences share a shot.
 */

export interface PlannedShot {
  prompt: string;
  camera: string;
  setting: string;
  seconds: number;
  castIds: string[];
  dialogue: StoryDialogue | null;
  join: StoryJoin;
}

export interface PlanCastMember {
  id: string;
  name: string;
  kind: 'character' | 'product' | 'style';
  images: number;
}

export interface PlanInput {
  idea: string;
  targetSeconds: number;
  cast: readonly PlanCastMember[];
  /** The lengths a shot may have (every mode's model takes them), ascending. */
  lengths: readonly number[];
  referencesPerShot: number;
  maxShots: number;
}

const QUOTE = /"([^"]+)"|“([^”]+)”|«([^»]+)»/u;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The idea cut into sentences at . ! ? … and line breaks, a quoted line kept whole; a line that ends its sentence
 * inside the quotes ("Bom dia!" Bruno chega.) ends it there.
 */
export function sentencesOf(idea: string): string[] {
  const ended = idea.replace(/([.!?…]["”»])\s+(?=\p{Lu})/gu, '$1\n');
  return [...ended.matchAll(/(?:"[^"]*"|“[^”]*”|«[^»]*»|[^.!?…\n"“«])+[.!?…]*/gu)]
    .map((match) => match[0].replace(/\s+/g, ' ').trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/** A sentence's clauses (cut at commas and semicolons outside quotes). */
function clausesOf(sentence: string): string[] {
  return [...sentence.matchAll(/(?:"[^"]*"|“[^”]*”|«[^»]*»|[^,;"“«])+/gu)]
    .map((match) => match[0].trim())
    .filter((clause) => /[\p{L}\p{N}]/u.test(clause));
}

/** Words that open a sentence in capitals without naming anyone. */
const NOT_NAMES = new Set(
  (
    'a o as os um uma uns umas e de do da no na em com para por depois entao quando enquanto ela ele elas eles ' +
    'eu voce nos seu sua este esta esse essa isso aqui la the and then'
  ).split(' '),
);

/** Who speaks a line: the cast member named last before it, else the last capitalised name before it. */
export function speakerBefore(before: string, cast: readonly PlanCastMember[]): string | undefined {
  const folded = fold(before);
  let best: { name: string; at: number } | undefined;
  for (const member of cast) {
    if (member.kind !== 'character') continue;
    const at = folded.lastIndexOf(fold(member.name));
    if (at >= 0 && (!best || at > best.at)) best = { name: member.name, at };
  }
  if (best) return best.name;
  const names = [...before.matchAll(/\p{Lu}[\p{L}'-]+/gu)]
    .map((match) => match[0])
    .filter((word) => !NOT_NAMES.has(fold(word)));
  return names.at(-1);
}

interface Beat {
  text: string;
  dialogue: StoryDialogue | null;
  join: StoryJoin;
}

/** One sentence as a beat: its words without the quoted line, and the line with who says it. */
function beatOf(sentence: string, before: string, cast: readonly PlanCastMember[]): Beat {
  const quoted = QUOTE.exec(sentence);
  const line = quoted ? (quoted[1] ?? quoted[2] ?? quoted[3] ?? '').trim() : '';
  if (!quoted || !line) return { text: sentence, dialogue: null, join: 'cut' };
  const lead = sentence.slice(0, quoted.index);
  const speaker = speakerBefore(`${before} ${lead}`, cast);
  const rest = `${lead} ${sentence.slice(quoted.index + quoted[0].length)}`
    .replace(/\s+/g, ' ')
    .replace(/[\s:,–—-]+$/u, '')
    .trim();
  return {
    text: /[\p{L}\p{N}]/u.test(rest) ? rest : sentence,
    dialogue: speaker ? { speaker, line } : null,
    join: 'cut',
  };
}

/** The beats fitted to a shot count between `min` and `max`. */
function fitBeats(beats: Beat[], min: number, max: number): Beat[] {
  let fitted = [...beats];
  // Too few: a sentence of several clauses (without a line, which stays whole) gives each clause a shot.
  for (let index = 0; fitted.length < min && index < fitted.length; index++) {
    const beat = fitted[index] as Beat;
    const clauses = beat.dialogue ? [] : clausesOf(beat.text);
    if (clauses.length < 2) continue;
    const parts = clauses
      .slice(0, min - fitted.length + 1)
      .map((text) => ({ text, dialogue: null, join: 'cut' as const }));
    const tail = clauses.slice(parts.length);
    if (tail.length > 0) (parts.at(-1) as Beat).text = [parts.at(-1)?.text, ...tail].join(', ');
    fitted.splice(index, 1, ...parts);
    index += parts.length - 1;
  }
  // Still too few: shots go on in continuity shots, the same words from the last frame.
  for (let index = 0; fitted.length < min; index = (index + 2) % fitted.length) {
    const beat = fitted[index] as Beat;
    fitted.splice(index + 1, 0, { text: beat.text, dialogue: null, join: 'continue' });
  }
  // Too many: the shortest neighbours share a shot.
  while (fitted.length > max) {
    let at = 0;
    for (let index = 1; index < fitted.length - 1; index++) {
      const length = (i: number) => (fitted[i]?.text.length ?? 0) + (fitted[i + 1]?.text.length ?? 0);
      if (length(index) < length(at)) at = index;
    }
    const [first, second] = [fitted[at] as Beat, fitted[at + 1] as Beat];
    fitted.splice(at, 2, {
      text: `${first.text} ${second.text}`,
      dialogue: first.dialogue ?? second.dialogue,
      join: first.join,
    });
  }
  fitted = fitted.map((beat, index) => (index === 0 ? { ...beat, join: 'cut' } : beat));
  return fitted;
}

/** Lengths for `count` shots adding up to the target as nearly as the lengths allow. */
export function shotLengths(count: number, target: number, lengths: readonly number[]): number[] {
  const nearest = (seconds: number) =>
    lengths.reduce((best, length) => (Math.abs(length - seconds) < Math.abs(best - seconds) ? length : best));
  const result: number[] = [];
  let left = target;
  for (let index = 0; index < count; index++) {
    const length = nearest(left / (count - index));
    result.push(length);
    left -= length;
  }
  return result;
}

/** Who of the cast a shot shows: the members its words name (and its speaker), styles always, within the references. */
function castOf(beat: Beat, cast: readonly PlanCastMember[], referencesPerShot: number): string[] {
  const text = fold(`${beat.text} ${beat.dialogue?.speaker ?? ''}`);
  const chosen: string[] = [];
  let images = 0;
  for (const member of cast) {
    const shown = member.kind === 'style' || text.includes(fold(member.name));
    if (!shown || images + member.images > referencesPerShot) continue;
    chosen.push(member.id);
    images += member.images;
  }
  return chosen;
}

const orEmpty = (value: string) =>
  (Object.values(LEFT_TO_THE_MODEL) as string[]).includes(value) ? '' : value.slice(0, 200);

export function planByRules(input: PlanInput): PlannedShot[] {
  const { lengths, targetSeconds } = input;
  const shortest = lengths[0] ?? 8;
  const longest = lengths.at(-1) ?? 8;
  const min = Math.min(input.maxShots, Math.ceil(targetSeconds / longest));
  const max = Math.max(min, Math.min(input.maxShots, Math.floor(targetSeconds / shortest)));
  const sentences = sentencesOf(input.idea);
  const beats = sentences.map((sentence, index) =>
    beatOf(sentence, sentences.slice(0, index).join(' '), input.cast),
  );
  const fitted = fitBeats(
    beats.length > 0 ? beats : [{ text: input.idea, dialogue: null, join: 'cut' }],
    min,
    max,
  );
  const seconds = shotLengths(fitted.length, targetSeconds, lengths);
  return fitted.map((beat, index) => {
    const structured = buildStructuredPrompt(beat.text);
    return {
      prompt: beat.text.slice(0, 600),
      camera: orEmpty(structured.camera),
      setting: orEmpty(structured.scene),
      seconds: seconds[index] ?? shortest,
      castIds: castOf(beat, input.cast, input.referencesPerShot),
      dialogue: beat.dialogue,
      join: beat.join,
    };
  });
}
