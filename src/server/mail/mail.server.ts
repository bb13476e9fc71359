/**
 * The mail room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the mailer, the dev mailbox
 * and the e-mail templates. Other rooms import this file, never one inside the room (biome.json).
 */

export { devMailboxRoutes } from './dev-mailbox.server';
export type { Mailer, MailMessage } from './mailer.server';
export { createMailer } from './mailer.server';
export { takedownMail } from './takedown-mail.server';
export {
  escapeHtml,
  existingAccountMail,
  mailLanguage,
  notaIssuedMail,
  prepaidReminderMail,
  receiptMail,
  resetPasswordMail,
  variationsFinishedMail,
  verificationMail,
  videoFinishedMail,
} from './templates.server';
export { webhookDisabledMail } from './webhook-mail.server';
export { withdrawalConfirmationMail } from './withdrawal-mail.server';
