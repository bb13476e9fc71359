import { z } from 'zod';

/**
 * Reports of public share links and takedowns (ADR 0066, docs/features/trust.md): anyone who can open a `/v/{slug}`
 * page may report it, without an account; an admin dismisses the report or takes the video down; the owner is
 * told by e-mail and may contest once. Codes are stable (the API, the rows, the audit log); the words people read
 * are the locales' (the share page, drawn on the server, speaks pt-BR: REPORT_REASON_LABELS_PT).
 */

export const REPORT_REASONS = [
  'real_person_without_consent',
  'sexual_content',
  'minor',
  'violence_or_hate',
  'copyright',
  'electoral',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The share page's words for each reason (the list, in its order). */
export const REPORT_REASON_LABELS_PT: Record<ReportReason, string> = {
  real_person_without_consent: 'Pessoa real sem consentimento',
  sexual_content: 'Conteúdo sexual',
  minor: 'Menor de idade',
  violence_or_hate: 'Violência ou ódio',
  copyright: 'Direitos autorais',
  electoral: 'Conteúdo eleitoral',
  other: 'Outro',
};

export const REPORT_DETAILS_MAX_LENGTH = 1000;
export const CONTEST_TEXT_MAX_LENGTH = 2000;
const TAKEDOWN_NOTE_MAX_LENGTH = 1000;
/**
 * Reports one visitor (a client address block, as the trial counts them: ADR 0047) may send per hour: a person who
 * reports several links of one campaign is served, a script that floods the queue is not.
 */
export const REPORTS_PER_VISITOR_PER_HOUR = 5;

export const REPORT_MESSAGES = {
  rateLimited: (minutes: number) =>
    `Você enviou muitas denúncias em pouco tempo. Tente de novo em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  linkGone: 'Este link não está mais disponível.',
  reportNotFound: 'Denúncia não encontrada.',
  alreadyDecided: 'Esta denúncia já foi decidida.',
  videoGone: 'O vídeo desta denúncia foi excluído pelo autor.',
  notTakenDown: 'Este vídeo não foi removido.',
  alreadyContested: 'Você já contestou esta remoção. A equipe vai analisar e responder por e-mail.',
} as const;

export const reportBodySchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, 'Escolha um motivo.'),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX_LENGTH, `Use no máximo ${REPORT_DETAILS_MAX_LENGTH} caracteres.`)
    .optional(),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

export const reportReceivedSchema = z.strictObject({ received: z.literal(true) });

export const REPORT_DECISIONS = ['dismiss', 'take_down'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

export const reportDecisionBodySchema = z.strictObject({
  decision: z.enum(REPORT_DECISIONS),
  /** Why, for the audit and (a takedown's) the owner's e-mail. */
  note: z.string().trim().max(TAKEDOWN_NOTE_MAX_LENGTH).optional(),
});

const isoTime = z.iso.datetime({ offset: true });

const openReportSchema = z.strictObject({
  id: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: isoTime,
  slug: z.string(),
  /** The video as reported: null when its owner deleted it since. */
  video: z
    .strictObject({
      requestId: z.uuid(),
      prompt: z.string(),
      aspectRatio: z.string(),
      /** Signed media URLs for the admin's player. */
      videoUrl: z.string(),
      posterUrl: z.string().nullable(),
    })
    .nullable(),
  /** Open reports of the same video, this one included. */
  openReportsOfVideo: z.int(),
});
export type OpenReport = z.infer<typeof openReportSchema>;

const openContestSchema = z.strictObject({
  takedownId: z.uuid(),
  requestId: z.uuid().nullable(),
  reason: z.enum(REPORT_REASONS),
  takenDownAt: isoTime,
  contestedAt: isoTime,
  text: z.string(),
});

export const reportQueueSchema = z.strictObject({
  reports: z.array(openReportSchema),
  contests: z.array(openContestSchema),
  /** The panel's figures: open reports now, and the median time from report to decision over 30 days. */
  summary: z.strictObject({
    openReports: z.int(),
    decidedLast30Days: z.int(),
    /** Null when nothing was decided in the window. */
    medianMinutesToDecision: z.number().nullable(),
  }),
});
export type ReportQueue = z.infer<typeof reportQueueSchema>;

export const reportDecidedSchema = z.strictObject({
  decision: z.enum(REPORT_DECISIONS),
  /** Reports of the same video closed with this one (a takedown decides them all). */
  reportsClosed: z.int(),
  ownerMailed: z.boolean(),
});

/** The owner's view of a takedown of one of their videos. */
export const takedownViewSchema = z.strictObject({
  takedown: z
    .strictObject({
      reason: z.enum(REPORT_REASONS),
      takenDownAt: isoTime,
      contestedAt: isoTime.nullable(),
      canContest: z.boolean(),
    })
    .nullable(),
});
export type TakedownView = z.infer<typeof takedownViewSchema>;

export const contestBodySchema = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, 'Explique por que o vídeo deve voltar.')
    .max(CONTEST_TEXT_MAX_LENGTH, `Use no máximo ${CONTEST_TEXT_MAX_LENGTH} caracteres.`),
});

export const contestReceivedSchema = z.strictObject({ contestedAt: isoTime });

export const CONTEST_DECISIONS = ['restore', 'uphold'] as const;

export const contestDecisionBodySchema = z.strictObject({
  decision: z.enum(CONTEST_DECISIONS),
  note: z.string().trim().max(TAKEDOWN_NOTE_MAX_LENGTH).optional(),
});

export const contestDecidedSchema = z.strictObject({ decision: z.enum(CONTEST_DECISIONS) });
