import type pg from 'pg';
import type { PushMessage } from '#shared/push';

/**
 * What the "seu vídeo está pronto" / "falhou — créditos devolvidos" notification says about a settled submit: one
 * request, or every variation of its group (ADR 0028), keyed as the e-mail is, by the group's first request. In
 * the owner's language, as the e-mail.
 */

interface SettledSubmit {
  prompt: string;
  language: string | null;
  completed: number;
  failed: number;
}

async function settledSubmit(pool: pg.Pool, requestId: string): Promise<SettledSubmit | undefined> {
  const found = await pool.query<SettledSubmit & { unfinished: number }>(
    `SELECT r.prompt, u.language,
            count(*) FILTER (WHERE v.status = 'completed')::int AS completed,
            count(*) FILTER (WHERE v.status = 'failed')::int AS failed,
            count(*) FILTER (WHERE v.status NOT IN ('completed', 'failed'))::int AS unfinished
     FROM video_requests r
     JOIN "user" u ON u.id = r.user_id
     JOIN video_requests v ON v.id = r.id OR v.id = ANY(r.variation_ids)
     WHERE r.id = $1
     GROUP BY r.prompt, u.language`,
    [requestId],
  );
  const row = found.rows[0];
  return row && row.unfinished === 0 ? row : undefined;
}

const excerpt = (prompt: string) => (prompt.length > 60 ? `${prompt.slice(0, 59)}…` : prompt);

function wording(submit: SettledSubmit): Pick<PushMessage, 'title' | 'body'> {
  const { completed, failed } = submit;
  const total = completed + failed;
  const prompt = `“${excerpt(submit.prompt)}”`;
  const en = submit.language === 'en';
  if (completed === 0) {
    return en
      ? {
          title: 'Failed — credits refunded',
          body: `${total > 1 ? `None of the ${total} variations of ${prompt} could be made` : `${prompt} could not be made`}; the credits are back in your balance.`,
        }
      : {
          title: 'Falhou — créditos devolvidos',
          body: `${total > 1 ? `Nenhuma das ${total} variações de ${prompt} pôde ser gerada` : `Não foi possível gerar ${prompt}`}; os créditos voltaram ao seu saldo.`,
        };
  }
  const refunded =
    failed === 0
      ? ''
      : en
        ? ' Credits of the failed ones are back.'
        : ' Os créditos das que falharam voltaram.';
  if (total === 1)
    return en
      ? { title: 'Your video is ready', body: prompt }
      : { title: 'Seu vídeo está pronto', body: prompt };
  return en
    ? {
        title: 'Your video is ready',
        body: `${completed} of ${total} variations ready: ${prompt}.${refunded}`,
      }
    : {
        title: 'Seu vídeo está pronto',
        body: `${completed} de ${total} variações prontas: ${prompt}.${refunded}`,
      };
}

/** The notification of a settled submit, or undefined when it is gone or (never, once enqueued) unsettled. */
export async function pushMessageFor(
  pool: pg.Pool,
  requestId: string,
  appUrl: string,
): Promise<PushMessage | undefined> {
  const submit = await settledSubmit(pool, requestId);
  if (!submit) return undefined;
  return { ...wording(submit), url: `${appUrl}/dashboard/request/${requestId}`, tag: `cena-${requestId}` };
}
