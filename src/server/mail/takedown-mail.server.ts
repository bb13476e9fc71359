import { REPORT_REASON_LABELS_PT, type ReportReason } from '#shared/reports';
import type { MailMessage } from './mailer.server';
import { hello, type Recipient, render } from './templates.server';

const REASONS_EN: Record<ReportReason, string> = {
  real_person_without_consent: 'a real person without their consent',
  sexual_content: 'sexual content',
  minor: 'a minor',
  violence_or_hate: 'violence or hate',
  copyright: 'copyright',
  electoral: 'electoral content',
  other: 'another reason',
};

/**
 * The owner's notice of a takedown (ADR 0066): which video, why (the reason and the admin's note), that its link and
 * media are off, and that it may be contested once from the video's page, where the link leads.
 */
export function takedownMail(
  to: Recipient,
  takedown: { prompt: string; reason: ReportReason; note: string | null; date: string; videoUrl: string },
): MailMessage {
  const prompt = takedown.prompt.length > 80 ? `${takedown.prompt.slice(0, 79)}…` : takedown.prompt;
  if (to.language === 'en') {
    return render(to, {
      subject: 'Your video was taken down — Cena',
      greeting: hello(to),
      paragraphs: [
        `On ${takedown.date} we took down your video “${prompt}” after a report: ${REASONS_EN[takedown.reason]}.`,
        ...(takedown.note ? [`Our review: ${takedown.note}`] : []),
        'Its public link no longer opens and its file is no longer served, to anyone.',
        'If you think this is a mistake, you can contest it once from the video’s page.',
      ],
      action: { label: 'Open the video’s page', url: takedown.videoUrl },
      closing: 'We answer every contest by e-mail.',
    });
  }
  return render(to, {
    subject: 'Seu vídeo foi removido — Cena',
    greeting: hello(to),
    paragraphs: [
      `Em ${takedown.date} removemos seu vídeo “${prompt}” após uma denúncia. Motivo: ${REPORT_REASON_LABELS_PT[takedown.reason].toLowerCase()}.`,
      ...(takedown.note ? [`Nossa análise: ${takedown.note}`] : []),
      'O link público não abre mais e o arquivo deixou de ser servido, para qualquer pessoa.',
      'Se você acha que houve um engano, pode contestar uma vez na página do vídeo.',
    ],
    action: { label: 'Abrir a página do vídeo', url: takedown.videoUrl },
    closing: 'Respondemos toda contestação por e-mail.',
  });
}
