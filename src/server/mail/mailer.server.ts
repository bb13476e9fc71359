import nodemailer from 'nodemailer';
import type pg from 'pg';
import type { Config } from '#server/config.server';
import type { Logger } from '#server/logger.server';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message asks the reader to open; the dev mailbox lists them. */
  links: string[];
}

export interface Mailer {
  /** True when messages go to the dev mailbox (local mode) instead of SMTP. */
  readonly devMailbox: boolean;
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise (local mode only — the configuration refuses production without SMTP) the
 * `dev_mail_outbox` table, shown at /dev/mailbox, with each message's links also logged.
 */
export function createMailer(config: Config, pool: pg.Pool, logger: Logger): Mailer {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      devMailbox: false,
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from, to, subject, text, html });
      },
    };
  }
  return {
    devMailbox: true,
    async send({ to, subject, text, html, links }) {
      await pool.query(
        'INSERT INTO dev_mail_outbox ("to", subject, text, html, links) VALUES ($1, $2, $3, $4, $5)',
        [to, subject, text, html, JSON.stringify(links)],
      );
      logger.info({ to, subject, links }, 'e-mail kept in the dev mailbox (/dev/mailbox)');
    },
  };
}
