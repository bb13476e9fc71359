/**
 * How a purchase is paid (ADR 0042, ADR 0043). Kept apart from billing.ts's zod schemas: the pricing page's island
 * reads it, and a public page must not load zod (docs/decisions/0004).
 */
export const PAYMENT_METHODS = ['card', 'pix', 'boleto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
