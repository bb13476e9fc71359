import type { StructuredPrompt } from '#shared/video-request';

/**
 * The structured "JSON prompt" (design §5) built from the user's text by fixed rules, so the same text always
 * gives the same prompt (testable, explainable in the technical info, no model call before credits are held).
 * Keywords are matched on whole words with accents ignored, in Portuguese and English; descriptors are written
 * in the language the prompt appears to be in.
 */

/** `builtBy` of a prompt the rules wrote (the text model's id otherwise). */
export const STRUCTURED_PROMPT_RULES = 'rules';

type Language = 'pt' | 'en';
interface Rule {
  words: string[];
  pt: string;
  en: string;
}

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

/** Matches single words and multi-word phrases ("por do sol") against the normalised text. */
function matches(normalised: string, words: Set<string>, keyword: string): boolean {
  return keyword.includes(' ') ? ` ${normalised} `.includes(` ${keyword} `) : words.has(keyword);
}

function firstRule(rules: Rule[], normalised: string, words: Set<string>): Rule | undefined {
  return rules.find((rule) => rule.words.some((keyword) => matches(normalised, words, keyword)));
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
  'para',
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

const SCENES: Rule[] = [
  {
    words: ['praia', 'beach', 'mar', 'sea', 'ocean', 'oceano'],
    pt: 'praia à beira-mar',
    en: 'seaside beach',
  },
  { words: ['floresta', 'forest', 'mata', 'selva', 'jungle'], pt: 'floresta densa', en: 'dense forest' },
  {
    words: ['montanha', 'montanhas', 'mountain', 'mountains'],
    pt: 'paisagem de montanhas',
    en: 'mountain landscape',
  },
  {
    words: ['cidade', 'city', 'rua', 'street', 'urbano', 'urban'],
    pt: 'rua de uma cidade',
    en: 'city street',
  },
  { words: ['deserto', 'desert'], pt: 'deserto', en: 'desert' },
  { words: ['neve', 'snow', 'inverno', 'winter'], pt: 'paisagem coberta de neve', en: 'snowy landscape' },
  {
    words: ['espaco', 'space', 'galaxia', 'galaxy', 'planeta', 'planet'],
    pt: 'espaço sideral',
    en: 'outer space',
  },
  { words: ['cozinha', 'kitchen', 'restaurante', 'restaurant'], pt: 'cozinha', en: 'kitchen' },
  { words: ['escritorio', 'office'], pt: 'escritório moderno', en: 'modern office' },
  { words: ['fazenda', 'farm', 'campo', 'field'], pt: 'campo aberto', en: 'open countryside' },
  { words: ['estudio', 'studio'], pt: 'estúdio', en: 'studio' },
];

const CAMERAS: Rule[] = [
  {
    words: ['drone', 'aerea', 'aereo', 'aerial'],
    pt: 'vista aérea de drone, movimento lento',
    en: 'aerial drone shot, slow movement',
  },
  {
    words: ['close', 'close-up', 'closeup', 'macro', 'detalhe'],
    pt: 'close-up com foco raso',
    en: 'close-up with shallow focus',
  },
  {
    words: ['camera lenta', 'slow motion', 'slow-motion'],
    pt: 'câmera lenta, plano médio',
    en: 'slow motion, medium shot',
  },
  {
    words: ['travelling', 'tracking', 'seguindo', 'following'],
    pt: 'travelling acompanhando o sujeito',
    en: 'tracking shot following the subject',
  },
  {
    words: ['panoramica', 'panorama', 'pan', 'timelapse', 'time-lapse'],
    pt: 'panorâmica lenta',
    en: 'slow pan',
  },
  {
    words: ['primeira pessoa', 'pov', 'first person'],
    pt: 'câmera em primeira pessoa',
    en: 'first-person camera',
  },
];

const LIGHTING: Rule[] = [
  {
    words: ['por do sol', 'entardecer', 'sunset', 'golden hour', 'hora dourada'],
    pt: 'luz dourada de fim de tarde',
    en: 'warm golden-hour light',
  },
  {
    words: ['amanhecer', 'nascer do sol', 'sunrise', 'dawn'],
    pt: 'luz suave do amanhecer',
    en: 'soft dawn light',
  },
  { words: ['neon'], pt: 'luzes de neon coloridas', en: 'colourful neon lights' },
  {
    words: ['noite', 'noturno', 'noturna', 'night', 'lua', 'moon'],
    pt: 'luz noturna com contraste',
    en: 'night lighting with contrast',
  },
  {
    words: ['chuva', 'rain', 'nublado', 'cloudy', 'neblina', 'fog'],
    pt: 'luz difusa de dia nublado',
    en: 'diffuse overcast light',
  },
  {
    words: ['estudio', 'studio'],
    pt: 'iluminação de estúdio de três pontos',
    en: 'three-point studio lighting',
  },
];

const STYLES: Rule[] = [
  { words: ['anime'], pt: 'animação estilo anime', en: 'anime-style animation' },
  {
    words: ['desenho', 'cartoon', 'animacao', 'animation', 'pixar', '3d'],
    pt: 'animação 3D estilizada',
    en: 'stylised 3D animation',
  },
  { words: ['documentario', 'documentary'], pt: 'documentário', en: 'documentary' },
  {
    words: ['vintage', 'retro', 'antigo', 'anos 80', '80s', 'vhs'],
    pt: 'estética retrô com grão de filme',
    en: 'retro look with film grain',
  },
  {
    words: ['cinematografico', 'cinematografica', 'cinematic', 'filme', 'film'],
    pt: 'cinematográfico',
    en: 'cinematic',
  },
];

/** Portuguese gerunds (-ando, -endo, -indo) and English -ing words mark the action. */
function isGerund(word: string, language: Language): boolean {
  if (word.length < 5) return false;
  return language === 'pt'
    ? /(ando|endo|indo)$/.test(word)
    : /ing$/.test(word) && !['thing', 'morning', 'evening', 'ceiling', 'building'].includes(word);
}

function clauses(text: string): string[] {
  return text
    .split(/[.,;:!?\n]+/)
    .map((clause) => clause.trim())
    .filter(Boolean);
}

function clip(text: string, max: number): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed.length <= max) return trimmed;
  return `${trimmed.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** Things the user asked to leave out: "sem X" / "without X" / "no X" up to the end of the clause. */
function exclusions(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b(?:sem|without|no)\s+([^.,;:!?\n]{2,40})/giu)) {
    const excluded = match[1]?.trim();
    if (excluded) found.push(excluded);
  }
  return found;
}

const BASE_NEGATIVE = {
  pt: 'texto na tela, legendas, marcas d’água, rostos deformados, distorções, baixa qualidade',
  en: 'on-screen text, subtitles, watermarks, deformed faces, distortions, low quality',
};

export function buildStructuredPrompt(prompt: string): StructuredPrompt {
  const text = prompt.trim();
  const language = detectLanguage(text);
  // Phrases match against the words joined by single spaces, so punctuation between them does not matter.
  const normalised = wordsOf(text).join(' ');
  const words = new Set(wordsOf(text));
  const parts = clauses(text);
  const pick = (rules: Rule[], fallback: { pt: string; en: string }) =>
    (firstRule(rules, normalised, words) ?? fallback)[language];

  const actionClause = parts.find((clause) => wordsOf(clause).some((word) => isGerund(word, language)));
  const subject = clip(parts[0] ?? text, 160);
  const action = actionClause
    ? clip(actionClause, 160)
    : language === 'pt'
      ? 'movimento natural e contínuo ao longo dos 8 segundos'
      : 'natural, continuous movement over the 8 seconds';

  const quoted = /["“”']([^"“”']{2,120})["“”']/u.exec(text)?.[1];
  const hasMusic = ['musica', 'music', 'trilha', 'soundtrack'].some((word) => words.has(word));
  const audio = quoted
    ? language === 'pt'
      ? `fala: "${quoted}"`
      : `dialogue: "${quoted}"`
    : hasMusic
      ? language === 'pt'
        ? 'trilha musical de fundo e som ambiente'
        : 'background music and ambient sound'
      : language === 'pt'
        ? 'som ambiente natural coerente com a cena'
        : 'natural ambient sound matching the scene';

  const negative = [BASE_NEGATIVE[language], ...exclusions(text)].join(', ');

  return {
    subject,
    action,
    scene: pick(SCENES, { pt: 'cenário coerente com o tema', en: 'a setting that fits the theme' }),
    camera: pick(CAMERAS, {
      pt: 'plano médio com movimento de câmera suave',
      en: 'medium shot with smooth camera movement',
    }),
    lighting: pick(LIGHTING, { pt: 'luz natural suave', en: 'soft natural light' }),
    style: pick(STYLES, { pt: 'cinematográfico realista', en: 'realistic cinematic' }),
    audio,
    negative,
    builtBy: STRUCTURED_PROMPT_RULES,
  };
}

/** The structured prompt as the text a provider receives (one labelled line per field, the user's words first). */
export function structuredPromptText(prompt: string, structured: StructuredPrompt): string {
  return [
    prompt.trim(),
    `Subject: ${structured.subject}`,
    `Action: ${structured.action}`,
    `Scene: ${structured.scene}`,
    `Camera: ${structured.camera}`,
    `Lighting: ${structured.lighting}`,
    `Style: ${structured.style}`,
    `Audio: ${structured.audio}`,
  ].join('\n');
}
