import { z } from 'zod';
import { type ConfigReading, emptyAsUndefined } from './env-values.server';

export const mailEnv = z.object({
  /** smtp(s)://user:pass@host:port. Unset outside production: e-mails go to the dev mailbox (/dev/mailbox). */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Cena <nao-responda@cena.app>'),
});

export interface MailConfig {
  /** Undefined: messages go to the dev mailbox in the database (never in production). */
  smtpUrl: string | undefined;
  from: string;
}

export function mailConfig(env: z.infer<typeof mailEnv>, reading: ConfigReading): MailConfig {
  // The dev mailbox shows every message to whoever opens it: production must send real e-mail.
  if (reading.isProduction && !env.SMTP_URL)
    reading.problems.push('  SMTP_URL: required in production (the dev mailbox is local only)');
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM };
}
