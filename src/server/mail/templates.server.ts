import type { MailMessage } from './mailer.server';

/**
 * The account e-mails, in the user's language (pt-BR by default, English), each as plain text and HTML. Every value
 * that reaches the HTML is escaped: names are user input.
 */

export type MailLanguage = 'pt' | 'en';

/** The profile's language when it is a known one; pt-BR otherwise (the product's default). */
export function mailLanguage(value: unknown): MailLanguage {
  return value === 'en' ? 'en' : 'pt';
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface Recipient {
  email: string;
  name: string;
  language: MailLanguage;
}

interface Content {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  closing: string;
}

const SIGNATURE: Record<MailLanguage, string> = { pt: 'Equipe Cena', en: 'The Cena team' };

export function render(to: Recipient, content: Content): MailMessage {
  const { subject, greeting, paragraphs, action, closing } = content;
  const signature = SIGNATURE[to.language];
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${action.label}: ${action.url}`,
    '',
    closing,
    '',
    `— ${signature}`,
    '',
  ].join('\n');
  const p = (body: string) => `<p style="margin:0 0 16px">${body}</p>`;
  const html = `<!doctype html>
<html lang="${to.language === 'en' ? 'en' : 'pt-BR'}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">Cena</p>
${p(escapeHtml(greeting))}
${paragraphs.map((paragraph) => p(escapeHtml(paragraph))).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(action.label)}</a></p>
${p(`${escapeHtml(to.language === 'en' ? 'Or open this link:' : 'Ou abra este link:')}<br><span style="word-break:break-all">${escapeHtml(action.url)}</span>`)}
${p(escapeHtml(closing))}
<p style="margin:0;color:#71717a">— ${escapeHtml(signature)}</p>
</div>
</body>
</html>
`;
  return { to: to.email, subject, text, html, links: [action.url] };
}

export const hello = (to: Recipient) => (to.language === 'en' ? `Hello, ${to.name}!` : `Olá, ${to.name}!`);

export function verificationMail(to: Recipient, url: string): MailMessage {
  return render(
    to,
    to.language === 'en'
      ? {
          subject: 'Confirm your e-mail — Cena',
          greeting: hello(to),
          paragraphs: ['Confirm your e-mail address to activate your Cena account.'],
          action: { label: 'Confirm e-mail', url },
          closing: 'The link is valid for 1 hour. If you did not create an account, ignore this e-mail.',
        }
      : {
          subject: 'Confirme seu e-mail — Cena',
          greeting: hello(to),
          paragraphs: ['Confirme seu endereço de e-mail para ativar sua conta na Cena.'],
          action: { label: 'Confirmar e-mail', url },
          closing: 'O link vale por 1 hora. Se você não criou uma conta, ignore este e-mail.',
        },
  );
}

export function resetPasswordMail(to: Recipient, url: string): MailMessage {
  return render(
    to,
    to.language === 'en'
      ? {
          subject: 'Reset your password — Cena',
          greeting: hello(to),
          paragraphs: ['We received a request to reset the password of your Cena account.'],
          action: { label: 'Choose a new password', url },
          closing:
            'The link is valid for 1 hour. If you did not ask for it, ignore this e-mail: your password stays the same.',
        }
      : {
          subject: 'Redefina sua senha — Cena',
          greeting: hello(to),
          paragraphs: ['Recebemos um pedido para redefinir a senha da sua conta na Cena.'],
          action: { label: 'Criar nova senha', url },
          closing:
            'O link vale por 1 hora. Se você não fez esse pedido, ignore este e-mail: sua senha continua a mesma.',
        },
  );
}

/** Sent instead of a verification e-mail when someone signs up with an address that already has an account. */
export function existingAccountMail(to: Recipient, signInUrl: string): MailMessage {
  return render(
    to,
    to.language === 'en'
      ? {
          subject: 'Someone tried to create an account with your e-mail — Cena',
          greeting: hello(to),
          paragraphs: [
            'Someone just tried to create a Cena account with this e-mail address, which already has an account.',
            'If it was you, sign in instead; if you forgot your password, choose "Forgot your password?" on the sign-in page. If your e-mail is not confirmed yet, signing in sends a new confirmation link.',
          ],
          action: { label: 'Sign in', url: signInUrl },
          closing: 'If it was not you, ignore this e-mail: nothing changed in your account.',
        }
      : {
          subject: 'Alguém tentou criar uma conta com seu e-mail — Cena',
          greeting: hello(to),
          paragraphs: [
            'Alguém acabou de tentar criar uma conta na Cena com este e-mail, que já tem uma conta.',
            'Se foi você, entre na sua conta; se esqueceu a senha, use "Esqueceu a senha?" na página de entrada. Se seu e-mail ainda não foi confirmado, entrar envia um novo link de confirmação.',
          ],
          action: { label: 'Entrar', url: signInUrl },
          closing: 'Se não foi você, ignore este e-mail: nada mudou na sua conta.',
        },
  );
}

/** "Your video is ready / failed" (docs/history-contract.md), with a link to the request's page; the prompt is quoted, cut at 80. */
export function videoFinishedMail(
  to: Recipient,
  video: { status: 'completed' | 'failed'; prompt: string },
  url: string,
): MailMessage {
  const prompt = video.prompt.length > 80 ? `${video.prompt.slice(0, 79)}…` : video.prompt;
  const en = to.language === 'en';
  if (video.status === 'completed') {
    return render(
      to,
      en
        ? {
            subject: 'Your video is ready — Cena',
            greeting: hello(to),
            paragraphs: [`Your video is ready: “${prompt}”.`],
            action: { label: 'Watch the video', url },
            closing: 'You can turn these e-mails off in Settings.',
          }
        : {
            subject: 'Seu vídeo está pronto — Cena',
            greeting: hello(to),
            paragraphs: [`Seu vídeo está pronto: “${prompt}”.`],
            action: { label: 'Ver o vídeo', url },
            closing: 'Você pode desativar estes e-mails em Configurações.',
          },
    );
  }
  return render(
    to,
    en
      ? {
          subject: 'Your video could not be generated — Cena',
          greeting: hello(to),
          paragraphs: [
            `We could not generate your video: “${prompt}”.`,
            'The credits it used were refunded to your balance.',
          ],
          action: { label: 'See the details', url },
          closing: 'You can turn these e-mails off in Settings.',
        }
      : {
          subject: 'Não foi possível gerar seu vídeo — Cena',
          greeting: hello(to),
          paragraphs: [
            `Não conseguimos gerar seu vídeo: “${prompt}”.`,
            'Os créditos usados foram devolvidos ao seu saldo.',
          ],
          action: { label: 'Ver detalhes', url },
          closing: 'Você pode desativar estes e-mails em Configurações.',
        },
  );
}

/**
 * One e-mail for a submit's variations once all of them have settled (ADR 0028): how many are ready, and, when
 * some failed, that their credits are back. The link opens the group's page, where they are compared.
 */
export function variationsFinishedMail(
  to: Recipient,
  group: { completed: number; failed: number; prompt: string },
  url: string,
): MailMessage {
  const prompt = group.prompt.length > 80 ? `${group.prompt.slice(0, 79)}…` : group.prompt;
  const { completed, failed } = group;
  const total = completed + failed;
  const closing =
    to.language === 'en'
      ? 'You can turn these e-mails off in Settings.'
      : 'Você pode desativar estes e-mails em Configurações.';
  return render(to, {
    ...(to.language === 'en'
      ? variationsTextEn(completed, failed, total, prompt)
      : variationsTextPt(completed, failed, total, prompt)),
    greeting: hello(to),
    action: { label: to.language === 'en' ? 'Compare the variations' : 'Comparar as variações', url },
    closing,
  });
}

function variationsTextPt(completed: number, failed: number, total: number, prompt: string) {
  const refunded =
    failed === 1
      ? '1 variação não pôde ser gerada; os créditos dela foram devolvidos ao seu saldo.'
      : `${failed} variações não puderam ser geradas; os créditos delas foram devolvidos ao seu saldo.`;
  if (completed === 0) {
    return {
      subject: 'Não foi possível gerar suas variações — Cena',
      paragraphs: [
        `Não conseguimos gerar as ${total} variações do seu vídeo: “${prompt}”.`,
        'Os créditos usados foram devolvidos ao seu saldo.',
      ],
    };
  }
  if (failed === 0) {
    return {
      subject: `Suas ${total} variações estão prontas — Cena`,
      paragraphs: [
        `As ${total} variações do seu vídeo estão prontas: “${prompt}”.`,
        'Compare e escolha com qual ficar.',
      ],
    };
  }
  return {
    subject: `${completed} de ${total} variações prontas — Cena`,
    paragraphs: [`${completed} das ${total} variações do seu vídeo estão prontas: “${prompt}”.`, refunded],
  };
}

function variationsTextEn(completed: number, failed: number, total: number, prompt: string) {
  const refunded =
    failed === 1
      ? '1 variation could not be generated; its credits were refunded to your balance.'
      : `${failed} variations could not be generated; their credits were refunded to your balance.`;
  if (completed === 0) {
    return {
      subject: 'Your variations could not be generated — Cena',
      paragraphs: [
        `We could not generate the ${total} variations of your video: “${prompt}”.`,
        'The credits they used were refunded to your balance.',
      ],
    };
  }
  if (failed === 0) {
    return {
      subject: `Your ${total} variations are ready — Cena`,
      paragraphs: [
        `The ${total} variations of your video are ready: “${prompt}”.`,
        'Compare them and choose the one to keep.',
      ],
    };
  }
  return {
    subject: `${completed} of ${total} variations ready — Cena`,
    paragraphs: [`${completed} of the ${total} variations of your video are ready: “${prompt}”.`, refunded],
  };
}

/** The nota fiscal of a purchase is issued (ADR 0041): the link to its PDF (and the XML in the text). */
export function notaIssuedMail(
  to: Recipient,
  nota: { item: string; amount: string; url: string; xmlUrl: string | null },
): MailMessage {
  const en = to.language === 'en';
  const xml = nota.xmlUrl ? [en ? `XML: ${nota.xmlUrl}` : `XML: ${nota.xmlUrl}`] : [];
  const message = render(
    to,
    en
      ? {
          subject: 'Your invoice (nota fiscal) — Cena',
          greeting: hello(to),
          paragraphs: [`The nota fiscal of your purchase is ready: ${nota.item}, ${nota.amount}.`, ...xml],
          action: { label: 'Open the nota fiscal', url: nota.url },
          closing: 'It is also in your payment history.',
        }
      : {
          subject: 'Sua nota fiscal — Cena',
          greeting: hello(to),
          paragraphs: [`A nota fiscal da sua compra foi emitida: ${nota.item}, ${nota.amount}.`, ...xml],
          action: { label: 'Abrir a nota fiscal', url: nota.url },
          closing: 'Ela também fica no seu histórico de pagamentos.',
        },
  );
  return nota.xmlUrl ? { ...message, links: [...message.links, nota.xmlUrl] } : message;
}

/**
 * A payment's receipt: what was bought, the amount and the date (already formatted in America/Sao_Paulo), and
 * Stripe's own receipt when the charge has one; otherwise the payment history, where the purchase is listed.
 */
export function receiptMail(
  to: Recipient,
  receipt: { item: string; amount: string; date: string; receiptUrl: string | null; historyUrl: string },
): MailMessage {
  const en = to.language === 'en';
  const action = receipt.receiptUrl
    ? { label: en ? 'Open the receipt' : 'Abrir o recibo', url: receipt.receiptUrl }
    : { label: en ? 'See your payment history' : 'Ver o histórico de pagamentos', url: receipt.historyUrl };
  return render(
    to,
    en
      ? {
          subject: 'Your payment receipt — Cena',
          greeting: hello(to),
          paragraphs: [`We received your payment: ${receipt.item}, ${receipt.amount}, on ${receipt.date}.`],
          action,
          closing: 'Thank you for creating with Cena.',
        }
      : {
          subject: 'Recibo do seu pagamento — Cena',
          greeting: hello(to),
          paragraphs: [`Recebemos o seu pagamento: ${receipt.item}, ${receipt.amount}, em ${receipt.date}.`],
          action,
          closing: 'Obrigado por criar com a Cena.',
        },
  );
}

/** A prepaid plan's period ends soon (ADR 0042): one click renews it by Pix. */
export function prepaidReminderMail(
  to: Recipient,
  reminder: { planName: string; endDate: string; daysLeft: number; renewUrl: string },
): MailMessage {
  const en = to.language === 'en';
  const when = en
    ? reminder.daysLeft === 1
      ? 'tomorrow'
      : `in ${reminder.daysLeft} days`
    : reminder.daysLeft === 1
      ? 'amanhã'
      : `em ${reminder.daysLeft} dias`;
  return render(
    to,
    en
      ? {
          subject: `Your ${reminder.planName} plan ends ${when} — Cena`,
          greeting: hello(to),
          paragraphs: [
            `Your ${reminder.planName} plan, paid by Pix, is paid until ${reminder.endDate}. It does not renew by itself: renew it by Pix to keep your plan and its credits.`,
          ],
          action: { label: 'Renew by Pix', url: reminder.renewUrl },
          closing: 'Thank you for creating with Cena.',
        }
      : {
          subject: `Seu plano ${reminder.planName} termina ${when} — Cena`,
          greeting: hello(to),
          paragraphs: [
            `Seu plano ${reminder.planName}, pago por Pix, está pago até ${reminder.endDate}. Ele não renova sozinho: renove por Pix para manter o plano e os créditos.`,
          ],
          action: { label: 'Renovar por Pix', url: reminder.renewUrl },
          closing: 'Obrigado por criar com a Cena.',
        },
  );
}
