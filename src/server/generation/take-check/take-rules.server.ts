import type { TakeStrictness } from '#server/config.server';
import type { TakeProblem } from '#shared/take-check';
import type { StructuredPrompt } from '#shared/video-request';
import { type MediaSignals, SIGNAL_THRESHOLDS, type Stretch } from './media-signals.server';
import type { SubjectVerdict } from './subject-judge.server';

/**
 * Whether a take passes: what ffmpeg found and what the text model answered, weighed by the operator's
 * strictness (TAKE_CHECK_STRICTNESS, docs/configuration.md). The model is trusted only as far as it is sure:
 * lenient fails a take only for a missing subject it is very sure of, normal for a missing subject or action it is
 * fairly sure of, strict for any missing subject or action.
 */

const MODEL_RULES: Record<TakeStrictness, { minConfidence: number; judgesAction: boolean }> = {
  lenient: { minConfidence: 0.8, judgesAction: false },
  normal: { minConfidence: 0.6, judgesAction: true },
  strict: { minConfidence: 0, judgesAction: true },
};

/** A prompt that asks for no sound is not failed for silence (accents ignored, Portuguese and English). */
const NO_SOUND =
  /\b(sem (som|audio|trilha|barulho)|silencio|silencioso|silenciosa|mudo|muda|no (sound|audio)|silent|silence|without (sound|audio))\b/;

export function audioAsked(structured: StructuredPrompt | null, prompt: string): boolean {
  const text = `${structured?.audio ?? ''} ${prompt}`
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  return !NO_SOUND.test(text);
}

const seconds = (value: number) =>
  `${value.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;
const longest = (stretches: Stretch[]) =>
  stretches.reduce((best, stretch) => Math.max(best, stretch.end - stretch.start), 0);
const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text);
/** The filters measure in frames: a stretch a frame shorter than asked still counts. */
const FRAME_TOLERANCE = 0.05;

export interface TakeEvidence {
  signals: MediaSignals;
  checkedSeconds: number;
  hasAudio: boolean;
  audioAsked: boolean;
  verdict: SubjectVerdict | undefined;
  asked: { subject: string; action: string };
}

export function takeProblems(evidence: TakeEvidence, strictness: TakeStrictness): TakeProblem[] {
  const limits = SIGNAL_THRESHOLDS[strictness];
  const problems: TakeProblem[] = [];
  const black = longest(evidence.signals.black);
  if (black > 0 && black >= limits.blackSeconds - FRAME_TOLERANCE) {
    problems.push({ kind: 'black', detail: `tela preta por ${seconds(black)}` });
  }
  const frozen = longest(evidence.signals.frozen);
  if (frozen > 0 && frozen >= limits.frozenSeconds - FRAME_TOLERANCE) {
    problems.push({ kind: 'frozen', detail: `imagem congelada por ${seconds(frozen)}` });
  }
  if (evidence.audioAsked) {
    const silent = longest(evidence.signals.silent);
    if (!evidence.hasAudio) {
      problems.push({ kind: 'silent', detail: 'o vídeo veio sem áudio, mas o prompt pede som' });
    } else if (silent > 0 && silent >= evidence.checkedSeconds * limits.silentShare - FRAME_TOLERANCE) {
      problems.push({ kind: 'silent', detail: `sem som por ${seconds(silent)}, mas o prompt pede áudio` });
    }
  }
  const verdict = evidence.verdict;
  const rules = MODEL_RULES[strictness];
  if (verdict && verdict.confidence >= rules.minConfidence) {
    if (!verdict.subjectPresent) {
      problems.push({
        kind: 'subject',
        detail: `o assunto pedido (“${clip(evidence.asked.subject)}”) não aparece no vídeo`,
      });
    }
    if (rules.judgesAction && verdict.subjectPresent && !verdict.actionPresent) {
      problems.push({
        kind: 'action',
        detail: `a ação pedida (“${clip(evidence.asked.action)}”) não acontece no vídeo`,
      });
    }
  }
  return problems;
}
