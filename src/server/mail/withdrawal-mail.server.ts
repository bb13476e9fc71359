import type { MailMessage } from './mailer.server';
import { hello, type MailLanguage, type Recipient, render } from './templates.server';

/** Where a withdrawal's money goes back: the card, the Pix account that paid, a Pix transfer (boleto), or as paid. */
type WithdrawalWay = 'card' | 'pix' | 'payout' | 'other';

const WITHDRAWAL_WAYS: Record<MailLanguage, Record<WithdrawalWay, string>> = {
  // Stripe sends a refund back to the payment method of the charge only (docs.stripe.com/refunds, "Refund
  // destinations"); a card's refund reaches the statement as the issuing bank posts it (same page).
  pt: {
    card: 'O valor volta para o cartão usado na compra: o estorno aparece na fatura conforme o prazo do banco emissor.',
    pix: 'O valor volta por Pix para a conta que pagou, normalmente no mesmo dia.',
    payout:
      'Como boletos não podem ser estornados, enviamos o valor por Pix para a chave informada em até 5 dias úteis.',
    other: 'O valor volta pela mesma forma de pagamento da compra.',
  },
  en: {
    card: "The money goes back to the card you paid with: the refund shows on the statement as the card's bank posts it.",
    pix: 'The money goes back by Pix to the account that paid, usually the same day.',
    payout:
      'Boletos cannot be refunded, so we send the money by Pix to the key you gave within 5 business days.',
    other: 'The money goes back the way you paid.',
  },
};

/**
 * The confirmation of a withdrawal (direito de arrependimento) that Decreto 7.962/2013 art. 5 §4 asks for at once:
 * the amount, where and when the money goes back, and the purchase's nota fiscal, cancelled with it (ADR 0041).
 */
export function withdrawalConfirmationMail(
  to: Recipient,
  withdrawal: {
    item: string | null;
    amount: string;
    date: string;
    way: WithdrawalWay;
    notaNumber: string | null;
    historyUrl: string;
  },
): MailMessage {
  const en = to.language === 'en';
  const way = WITHDRAWAL_WAYS[to.language][withdrawal.way];
  if (en) {
    const what = withdrawal.item ? `${withdrawal.item}, ` : '';
    const nota = withdrawal.notaNumber
      ? `The nota fiscal of this purchase (no. ${withdrawal.notaNumber}) will be cancelled.`
      : 'The nota fiscal of this purchase, if one was issued, will be cancelled.';
    return render(to, {
      subject: 'Your withdrawal is confirmed — Cena',
      greeting: hello(to),
      paragraphs: [
        `We received your withdrawal on ${withdrawal.date}: ${what}${withdrawal.amount} refunded in full.`,
        way,
        `The package's credits left your balance. ${nota}`,
      ],
      action: { label: 'See your payment history', url: withdrawal.historyUrl },
      closing: 'If something is not right, answer this e-mail or write to support from the contact page.',
    });
  }
  const what = withdrawal.item ? `${withdrawal.item}, ` : '';
  const nota = withdrawal.notaNumber
    ? `A nota fiscal desta compra (nº ${withdrawal.notaNumber}) será cancelada.`
    : 'A nota fiscal desta compra, se já tinha sido emitida, será cancelada.';
  return render(to, {
    subject: 'Sua desistência da compra foi confirmada — Cena',
    greeting: hello(to),
    paragraphs: [
      `Recebemos sua desistência em ${withdrawal.date}: ${what}reembolso integral de ${withdrawal.amount}.`,
      way,
      `Os créditos do pacote saíram do seu saldo. ${nota}`,
    ],
    action: { label: 'Ver o histórico de pagamentos', url: withdrawal.historyUrl },
    closing: 'Se algo não estiver certo, responda este e-mail ou fale com o suporte pela página de contato.',
  });
}
