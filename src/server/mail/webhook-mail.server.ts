import type { MailMessage } from './mailer.server';
import { hello, type Recipient, render } from './templates.server';

/**
 * The one e-mail of an endpoint that kept failing (ADR 0064): Standard Webhooks asks producers to "notify the
 * consumers using other channels (e.g. email)" and to disable the endpoint when delivery fails consistently
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md). Sent once per
 * disabling; 'Reenviar' on one of its deliveries turns the endpoint back on.
 */
export function webhookDisabledMail(
  to: Recipient,
  endpoint: { url: string; gone: boolean; settingsUrl: string },
): MailMessage {
  if (to.language === 'en') {
    return render(to, {
      subject: 'A webhook endpoint of yours was turned off — Cena',
      greeting: hello(to),
      paragraphs: [
        endpoint.gone
          ? `Your endpoint ${endpoint.url} answered 410 Gone, so Cena stopped sending it events.`
          : `Cena could not deliver events to your endpoint ${endpoint.url} for 24 hours, so it was turned off.`,
        'Events that happen while it is off are not sent to it. Once it works again, press "Resend" on one of its deliveries: the endpoint is turned back on.',
      ],
      action: { label: 'See your webhooks', url: endpoint.settingsUrl },
      closing: 'If you did not set up this endpoint, remove it from your profile.',
    });
  }
  return render(to, {
    subject: 'Um endpoint de webhooks seu foi desativado — Cena',
    greeting: hello(to),
    paragraphs: [
      endpoint.gone
        ? `Seu endpoint ${endpoint.url} respondeu 410 Gone, então a Cena parou de enviar eventos para ele.`
        : `A Cena não conseguiu entregar eventos ao seu endpoint ${endpoint.url} durante 24 horas, então ele foi desativado.`,
      'Os eventos que acontecerem enquanto ele estiver desativado não serão enviados. Quando ele voltar a funcionar, use “Reenviar” em uma das entregas: o endpoint é reativado.',
    ],
    action: { label: 'Ver seus webhooks', url: endpoint.settingsUrl },
    closing: 'Se você não cadastrou este endpoint, remova-o no seu perfil.',
  });
}
