import { z } from 'zod';
import { createVideoFormSchema } from './video-request-form';

/**
 * `GET /api/videos/estimate` (docs/video-contract.md): what a create would cost before anything is held — the
 * create form's own fields that set the price, read by the form's schema, so an estimate and the create that follows
 * agree (`requestCredits`, ADR 0033) — with the balance and the balance after, as every charge is shown (ADR 0058).
 */
export const videoEstimateQuerySchema = createVideoFormSchema.pick({
  quality: true,
  clipSeconds: true,
  resolution: true,
  variations: true,
});

export const videoEstimateSchema = z.strictObject({
  /** Every variation's credits together: what the create would hold. */
  credits: z.int(),
  balance: z.int(),
  /** Negative when the balance falls short (the create would answer 402). */
  balanceAfter: z.int(),
  enough: z.boolean(),
  /** False while Google does not serve the mode's model (the create would answer 503). */
  modeAvailable: z.boolean(),
});
export type VideoEstimate = z.infer<typeof videoEstimateSchema>;
