import { Hono } from 'hono';
import type pg from 'pg';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import type { DevMailMessage } from '#shared/dev-mailbox';
import { devMailboxContract } from '#shared/dev-mailbox.contract';
import { escapeHtml } from './templates.server';

/**
 * Local mode's mailbox: what Cena would have e-mailed, newest first. Mounted only when there is no SMTP and the
 * process is not in production (the configuration refuses production without SMTP).
 */

const LIMIT = 100;

async function listMessages(pool: pg.Pool): Promise<DevMailMessage[]> {
  const result = await pool.query<{
    id: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    links: string[];
    sent_at: Date;
  }>(`SELECT id, "to", subject, text, html, links, sent_at FROM dev_mail_outbox ORDER BY id DESC LIMIT $1`, [
    LIMIT,
  ]);
  return result.rows.map((row) => ({
    id: Number(row.id),
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: row.links,
    sentAt: row.sent_at.toISOString(),
  }));
}

/** Only web links become anchors; anything else is shown as text. */
function renderLink(link: string): string {
  const safe = escapeHtml(link);
  return /^https?:\/\//i.test(link) ? `<a href="${safe}">${safe}</a>` : safe;
}

function renderPage(messages: DevMailMessage[]): string {
  const items = messages.map(
    (message) => `<li>
<h2>${escapeHtml(message.subject)}</h2>
<p class="meta">Para <strong>${escapeHtml(message.to)}</strong> · <time datetime="${message.sentAt}">${escapeHtml(
      new Date(message.sentAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
    )}</time></p>
<ul class="links">${message.links.map((link) => `<li>${renderLink(link)}</li>`).join('')}</ul>
<details><summary>Texto</summary><pre>${escapeHtml(message.text)}</pre></details>
</li>`,
  );
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Caixa de e-mails (local) — Cena</title>
<style>
body{margin:0;padding:24px;font-family:system-ui,sans-serif;background:#fafafa;color:#18181b}
main{max-width:760px;margin:0 auto}
h1{font-size:22px}
ol{list-style:none;padding:0}
ol>li{background:#fff;border:1px solid #e4e4e7;border-radius:8px;padding:16px 20px;margin-bottom:12px}
h2{font-size:17px;margin:0 0 4px}
.meta{color:#52525b;margin:0 0 8px;font-size:14px}
.links{padding-left:18px;margin:0 0 8px;word-break:break-all}
pre{white-space:pre-wrap;background:#f4f4f5;padding:12px;border-radius:6px}
</style>
</head>
<body>
<main>
<h1>Caixa de e-mails (modo local)</h1>
<p>Sem SMTP configurado, a Cena guarda aqui os e-mails que enviaria. Mais recentes primeiro.</p>
${messages.length === 0 ? '<p>Nenhum e-mail ainda.</p>' : `<ol>${items.join('\n')}</ol>`}
</main>
</body>
</html>
`;
}

/** `GET /dev/mailbox` (HTML) and `GET /api/dev/mailbox` (JSON): mount `page` at the first, `api` at the second. */
export function devMailboxRoutes(pool: pg.Pool, guards: Guards): { page: Hono<AppEnv>; api: Hono<AppEnv> } {
  const noStore = 'no-store';
  const page = new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', noStore);
    return c.html(renderPage(await listMessages(pool)));
  });
  const api = routesFromContract(
    devMailboxContract,
    { base: '/api/dev/mailbox', guards },
    {
      listDevMail: async (c) => {
        c.header('Cache-Control', noStore);
        return c.json({ messages: await listMessages(pool) });
      },
    },
  );
  return { page, api };
}
