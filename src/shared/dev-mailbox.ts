import { z } from 'zod';

/** `GET /api/dev/mailbox` (local mode only): the e-mails Cena would have sent, newest first. */
const devMailMessageSchema = z.object({
  id: z.int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  sentAt: z.iso.datetime(),
});
export type DevMailMessage = z.infer<typeof devMailMessageSchema>;

export const devMailboxSchema = z.object({ messages: z.array(devMailMessageSchema) });
