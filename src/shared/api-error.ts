import { z } from 'zod';

/** Every API error has this shape: a stable code for programs and a pt-BR message for people. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    /** Field-level messages of a rejected form (the create form answers them). */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
