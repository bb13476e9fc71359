import { LEFT_TO_THE_MODEL, STRUCTURED_FIELD_MAX_LENGTH } from '#shared/prompt-preview';
import type { StructuredPrompt } from '#shared/video-request';

/**
 * The structured "JSON prompt" (design §5) when no text model writes it: the user's own text split into the fields
 * by fixed rules, never paraphrased — each clause goes, verbatim, to the one field its words point to, so "câmera na
 * mão se aproximando devagar" stays as written and no clause shows twice ("Ação" never repeats "Assunto"). A field
 * the text says nothing about is left to the model, saying so. The same text always gives the same split
 * (testable, explainable in the technical info, no model call before credits are held). Keywords are matched on
 * whole words with accents and case ignored, in Portuguese and English.
 */

/** `builtBy` of a prompt the rules wrote (the text model's id otherwise). */
export const STRUCTURED_PROMPT_RULES = 'rules';

type Language = 'pt' | 'en';
type Field = Exclude<keyof StructuredPrompt, 'builtBy'>;
/** The fields a clause can be sorted into by its words; subject and action come from the clauses' order. */
type KeywordField = 'negative' | 'audio' | 'camera' | 'lighting' | 'style' | 'scene';

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function wordsOf(text: string): string[] {
  return normalise(text)
    .split(/[^\p{L}\p{N}-]+/u)
    .filter(Boolean);
}

const PT_MARKERS = new Set([
  'de',
  'um',
  'uma',
  'com',
  'em',
  'no',
  'na',
  'do',
  'da',
  'que',
  'e',
  'o',
  'os',
  'as',
]);
const EN_MARKERS = new Set(['the', 'a', 'an', 'with', 'in', 'on', 'of', 'and', 'at', 'to', 'is', 'while']);

export function detectLanguage(text: string): Language {
  let pt = 0;
  let en = 0;
  for (const word of wordsOf(text)) {
    if (PT_MARKERS.has(word)) pt += 1;
    if (EN_MARKERS.has(word)) en += 1;
  }
  return en > pt ? 'en' : 'pt';
}

/**
 * The words that send a clause to a field, accent-free, "|"-separated, in the order the fields are tried: how it is
 * filmed, lit and styled first ("câmera na mão se aproximando devagar" is about the camera though it moves); a
 * clause with a gerund is then the action; sound and place last.
 */
const FRAMING_KEYWORDS: [KeywordField, string][] = [
  [
    'camera',
    'camera|drone|close|close-up|closeup|macro|plano|travelling|zoom|panoramica|pov|aerea|aereo|tomada|' +
      'enquadramento|lente|filmado|filmada|shot|tracking|dolly|lens|aerial|slow motion',
  ],
  [
    'lighting',
    'luz|luzes|iluminacao|iluminado|iluminada|contraluz|sombra|sombras|neon|neblina|nevoa|por do sol|' +
      'nascer do sol|entardecer|amanhecer|anoitecer|hora dourada|light|lights|lighting|sunset|sunrise|dawn|' +
      'golden hour|backlit|fog|mist',
  ],
  [
    'style',
    'estilo|estetica|cinematografico|cinematografica|anime|desenho|animacao|animado|pixar|3d|vintage|retro|vhs|' +
      'realista|documentario|preto e branco|aquarela|style|cinematic|cartoon|animation|documentary|realistic|' +
      'black and white',
  ],
];
const SETTING_KEYWORDS: [KeywordField, string][] = [
  [
    'audio',
    'som|sons|musica|trilha|audio|barulho|ruido|voz|narracao|narrador|diz|fala|canta|sound|sounds|music|' +
      'soundtrack|voice|says|narration',
  ],
  [
    'scene',
    'praia|mar|floresta|mata|montanha|montanhas|cidade|rua|deserto|neve|espaco|cozinha|restaurante|escritorio|' +
      'fazenda|campo|estudio|lago|rio|parque|casa|quarto|sala|favela|cenario|fundo|beach|sea|forest|mountain|' +
      'city|street|desert|snow|kitchen|office|farm|field|studio|lake|river|park|room|background',
  ],
];

function hasKeyword(clause: string, keyword: string): boolean {
  return ` ${wordsOf(clause).join(' ')} `.includes(` ${keyword} `);
}

function keywordField(clause: string, table: [KeywordField, string][]): KeywordField | undefined {
  return table.find(([, words]) => words.split('|').some((keyword) => hasKeyword(clause, keyword)))?.[0];
}

/** Portuguese gerunds (-ando, -endo, -indo) and English -ing words mark the action. */
function isGerund(word: string, language: Language): boolean {
  if (word.length < 5) return false;
  return language === 'pt'
    ? /(ando|endo|indo)$/.test(word)
    : /ing$/.test(word) && !['thing', 'morning', 'evening', 'ceiling', 'building'].includes(word);
}

/** The text cut at its punctuation, except inside quotes (a line of dialogue stays whole). */
function clauses(text: string): string[] {
  return [...text.matchAll(/(?:"[^"]*"|“[^”]*”|[^.,;!?\n"“])+/gu)]
    .map((match) => match[0].trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/** "sem X" / "without X" / "no X" opening a clause: X is to be left out (Portuguese "no" is "in the"). */
function exclusion(clause: string, language: Language): string | undefined {
  const pattern = language === 'pt' ? /^sem\s+(.+)$/iu : /^(?:without|no)\s+(.+)$/iu;
  return pattern.exec(clause)?.[1];
}

/**
 * The first clause's words before its first gerund are the subject and the rest the action ("Um cachorro" /
 * "correndo na praia"); without a gerund the whole clause is the subject.
 */
function subjectAndAction(clause: string, language: Language): { subject: string; action?: string } {
  const tokens = clause.split(' ');
  const at = tokens.findIndex((token, index) => index > 0 && isGerund(wordsOf(token)[0] ?? '', language));
  if (at < 0) return { subject: clause };
  return { subject: tokens.slice(0, at).join(' '), action: tokens.slice(at).join(' ') };
}

/** Cena's standing exclusions, added to the user's own. */
const BASE_NEGATIVE = {
  pt: 'texto na tela, legendas, marcas d’água, rostos deformados, distorções, baixa qualidade',
  en: 'on-screen text, subtitles, watermarks, deformed faces, distortions, low quality',
};

function joined(parts: string[]): string {
  const text = parts.join(', ');
  return text.length <= STRUCTURED_FIELD_MAX_LENGTH
    ? text
    : `${text.slice(0, STRUCTURED_FIELD_MAX_LENGTH - 1).replace(/\s+\S*$/, '')}…`;
}

/** Each clause in the one field it belongs to, in the order written. */
/** The field a clause after the first belongs to (see FRAMING_KEYWORDS for the order). */
function fieldOf(clause: string, language: Language): KeywordField | 'action' {
  const framing = keywordField(clause, FRAMING_KEYWORDS);
  if (framing) return framing;
  if (wordsOf(clause).some((word) => isGerund(word, language))) return 'action';
  return keywordField(clause, SETTING_KEYWORDS) ?? 'scene';
}

/** Each clause in the one field it belongs to, in the order written. */
function sortClauses(text: string, language: Language): Record<Field, string[]> {
  const fields: Record<Field, string[]> = {
    subject: [],
    action: [],
    scene: [],
    camera: [],
    lighting: [],
    style: [],
    audio: [],
    negative: [],
  };
  for (const [index, clause] of clauses(text).entries()) {
    const excluded = exclusion(clause, language);
    if (excluded) {
      // Cena's standing exclusions already say it: not twice.
      if (!normalise(BASE_NEGATIVE[language]).includes(normalise(excluded))) fields.negative.push(excluded);
    } else if (index === 0) {
      const { subject, action } = subjectAndAction(clause, language);
      fields.subject.push(subject);
      if (action) fields.action.push(action);
    } else fields[fieldOf(clause, language)].push(clause);
  }
  return fields;
}

export function buildStructuredPrompt(prompt: string): StructuredPrompt {
  const text = prompt.trim();
  const language = detectLanguage(text);
  const fields = sortClauses(text, language);
  const orModel = (parts: string[]) => (parts.length > 0 ? joined(parts) : LEFT_TO_THE_MODEL[language]);
  return {
    subject: orModel(fields.subject),
    action: orModel(fields.action),
    scene: orModel(fields.scene),
    camera: orModel(fields.camera),
    lighting: orModel(fields.lighting),
    style: orModel(fields.style),
    audio: orModel(fields.audio),
    negative: joined([BASE_NEGATIVE[language], ...fields.negative]),
    builtBy: STRUCTURED_PROMPT_RULES,
  };
}
