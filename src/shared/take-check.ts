import { z } from 'zod';

/**
 * Garantia do take (docs/video-contract.md, "Take guarantee"): after delivery and before the request is completed,
 * Cena checks the video. A failed take is generated once more for free; a second failure refunds.
 */

export const TAKE_PROBLEM_KINDS = ['frozen', 'black', 'silent', 'subject', 'action'] as const;
export type TakeProblemKind = (typeof TAKE_PROBLEM_KINDS)[number];

const takeProblemSchema = z.object({
  kind: z.enum(TAKE_PROBLEM_KINDS),
  /** pt-BR, for the user: what was wrong ("imagem congelada de 2,0 s a 8,0 s"). */
  detail: z.string(),
});
export type TakeProblem = z.infer<typeof takeProblemSchema>;

/** One checked take of a request, as its timeline shows it. */
export const takeCheckViewSchema = z.object({
  /** 1 for the first delivery, 2 for the free re-roll. */
  take: z.int().min(1).max(2),
  passed: z.boolean(),
  problems: z.array(takeProblemSchema),
  checkedAt: z.iso.datetime(),
});
export type TakeCheckView = z.infer<typeof takeCheckViewSchema>;

/** The pt-BR label of a problem kind (admin panel, messages). */
export const TAKE_PROBLEM_LABELS: Record<TakeProblemKind, string> = {
  frozen: 'Imagem congelada',
  black: 'Tela preta',
  silent: 'Sem som',
  subject: 'Assunto ausente',
  action: 'Ação ausente',
};

/** The failed request's message once the re-roll failed too (its first problem named plainly). */
export function takeRefundMessage(problems: readonly TakeProblem[]): string {
  const first = problems[0];
  const why = first ? ` (${first.detail})` : '';
  return `O vídeo não passou na verificação de qualidade da Cena duas vezes${why}. Seus créditos foram devolvidos.`;
}

/** `GET /api/admin/take-checks`: how often takes fail and why, over the last days. */
export const takeCheckStatsSchema = z.object({
  days: z.int().positive(),
  checked: z.int().nonnegative(),
  failed: z.int().nonnegative(),
  rerolled: z.int().nonnegative(),
  refunded: z.int().nonnegative(),
  byProblem: z.array(z.object({ kind: z.enum(TAKE_PROBLEM_KINDS), count: z.int().nonnegative() })),
  /** The last failed takes with their reasons (the model's reasons kept). */
  recent: z.array(
    z.object({
      requestId: z.string(),
      take: z.int(),
      problems: z.array(takeProblemSchema),
      modelReasons: z.string().nullable(),
      checkedAt: z.iso.datetime(),
    }),
  ),
});
export type TakeCheckStats = z.infer<typeof takeCheckStatsSchema>;
