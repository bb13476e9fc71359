import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '#shared/billing';
import { billingContract } from '#shared/billing.contract';
import { creditsContract } from '#shared/credits.contract';
import { credits } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { PaymentHistoryCard } from './payment-history-card';

const t = i18n.getFixedT('pt-BR', 'billing');
const { api, renderPage } = pageTest();
const open = () =>
  renderPage(<PaymentHistoryCard timeZone="America/Sao_Paulo" />, {
    route: '/dashboard/profile',
    url: '/dashboard/profile',
    namespaces: ['billing', 'credits'],
  });

const paidAt = '2026-11-24T15:00:00.000Z';
const row = (overrides: Partial<Transaction>): Transaction => ({
  id: crypto.randomUUID(),
  type: 'payment',
  amount: 10990,
  description: 'Pacote de 100 créditos',
  createdAt: paidAt,
  invoiceId: null,
  purchaseRef: 'cs_local_a',
  withdrawal: null,
  ...overrides,
});

/** A package bought: its payment and its credit entry, as the API lists them. */
const purchase = (withdrawal: Transaction['withdrawal']) => [
  row({ withdrawal }),
  row({ type: 'credit', amount: 100, description: '100 créditos adicionados (pacote)' }),
];

describe('Payment history', () => {
  it('shows a purchase and the credits it added as one line', async () => {
    api().answer(billingContract.listTransactions, {
      transactions: [
        ...purchase(null),
        row({ type: 'credit', amount: 50, description: 'Ajuste', purchaseRef: 'adjustment:1' }),
      ],
    });
    await open();
    const lines = await screen.findAllByTestId('transaction');
    expect(lines).toHaveLength(2);
    expect(within(lines[0] as HTMLElement).getByTestId('transaction-amount').textContent).toContain(
      'R$ 109,90',
    );
    expect(within(lines[0] as HTMLElement).getByTestId('transaction-credits').textContent).toBe(
      '+100 créditos',
    );
    expect(within(lines[1] as HTMLElement).getByTestId('transaction-amount').textContent).toContain(
      '+50 créditos',
    );
    expect(screen.queryByTestId('withdraw-purchase')).toBeNull();
  });

  it('writes a refund as a person would: what was refunded, "Estorno", and the real minus sign', async () => {
    api().answer(billingContract.listTransactions, {
      transactions: [
        row({
          amount: -10990,
          description: 'Reembolso do pacote de 100 créditos',
          purchaseRef: 'withdrawal:a',
        }),
        row({
          type: 'credit',
          amount: -100,
          description: '100 créditos removidos',
          purchaseRef: 'withdrawal:a',
        }),
      ],
    });
    await open();
    const [line] = await screen.findAllByTestId('transaction');
    const text = (line as HTMLElement).textContent ?? '';
    expect(text).toContain('Reembolso do pacote de 100 créditos');
    expect(text).toContain(`· ${t('history.reversal')}`);
    expect(text).not.toContain(`· ${t('history.type.payment')}`);
    const amount = within(line as HTMLElement).getByTestId('transaction-amount').textContent ?? '';
    expect(amount).toContain('\u2212R$ 109,90');
    expect(amount).not.toContain('-');
  });

  it('links a payment to its Stripe receipt, in a new tab, only when it has one', async () => {
    const receiptUrl = 'https://pay.stripe.com/receipts/payment/abc';
    api().answer(billingContract.listTransactions, {
      transactions: [
        row({ receiptUrl }),
        row({ type: 'credit', amount: 100, description: '100 créditos adicionados (pacote)' }),
        row({ description: 'Pacote de 50 créditos', purchaseRef: 'cs_local_b', amount: 5990 }),
      ],
    });
    await open();
    const lines = await screen.findAllByTestId('transaction');
    expect(lines).toHaveLength(2);
    const link = within(lines[0] as HTMLElement).getByRole('link', { name: /Recibo/ });
    expect(link.getAttribute('href')).toBe(receiptUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toBe(t('history.receipt'));
    expect(within(lines[1] as HTMLElement).queryByTestId('transaction-receipt')).toBeNull();
  });

  it('links a plan invoice to its hosted invoice page as "Recibo"', async () => {
    const hosted = 'https://invoice.stripe.com/i/acct_1/live_abc';
    api().answer(billingContract.listTransactions, {
      transactions: [
        row({
          description: 'Assinatura Starter (mensal)',
          amount: 4990,
          purchaseRef: 'in_a',
          invoiceId: 'in_a',
          receiptUrl: hosted,
        }),
        row({
          type: 'credit',
          amount: 100,
          description: '100 créditos do plano Starter',
          purchaseRef: 'in_a',
        }),
      ],
    });
    await open();
    const [line] = await screen.findAllByTestId('transaction');
    const link = within(line as HTMLElement).getByRole('link', {
      name: t('history.receiptLabel', { description: 'Assinatura Starter (mensal)' }),
    });
    expect(link.getAttribute('href')).toBe(hosted);
  });

  it('shows each payment’s nota fiscal: issued with its PDF and XML, pending as being issued, late when failed', async () => {
    const pdf = 'https://api.focusnfe.com.br/notas_fiscais_servico/NFSe1.pdf';
    const xml = 'https://api.focusnfe.com.br/arquivos/NFSe1.xml';
    api().answer(billingContract.listTransactions, {
      transactions: [
        row({ nota: { id: 'n-1', state: 'issued', url: pdf, xmlUrl: xml } }),
        row({ type: 'credit', amount: 100, description: '100 créditos adicionados (pacote)' }),
        row({
          description: 'Assinatura Starter (mensal)',
          purchaseRef: 'in_b',
          invoiceId: 'in_b',
          nota: { id: 'n-2', state: 'pending', url: null, xmlUrl: null },
        }),
        row({
          description: 'Pacote de 50 créditos',
          purchaseRef: 'cs_local_c',
          nota: { id: 'n-3', state: 'failed', url: null, xmlUrl: null },
        }),
        row({ description: 'Pacote de 50 créditos', purchaseRef: 'cs_local_d' }),
      ],
    });
    await open();
    const [issued, pending, failed, none] = (await screen.findAllByTestId('transaction')) as HTMLElement[];

    const issuedNota = within(issued as HTMLElement).getByTestId('transaction-nota');
    expect(within(issuedNota).getByTestId('transaction-nota-state').textContent).toBe('Nota fiscal emitida');
    const pdfLink = within(issuedNota).getByRole('link', {
      name: /Nota fiscal de Pacote de 100 créditos, PDF/,
    });
    expect(pdfLink.textContent).toBe('Nota fiscal (PDF)');
    expect(pdfLink.getAttribute('href')).toBe(pdf);
    expect(pdfLink.getAttribute('target')).toBe('_blank');
    expect(pdfLink.getAttribute('rel')).toContain('noopener');
    const xmlLink = within(issuedNota).getByRole('link', {
      name: /Nota fiscal de Pacote de 100 créditos, XML/,
    });
    expect(xmlLink.getAttribute('href')).toBe(xml);

    const pendingNota = within(pending as HTMLElement).getByTestId('transaction-nota');
    expect(pendingNota.textContent).toContain('Nota fiscal sendo emitida');
    expect(within(pendingNota).queryByRole('link')).toBeNull();
    expect(within(failed as HTMLElement).getByTestId('transaction-nota').textContent).toContain(
      'nossa equipe já está emitindo de novo',
    );
    expect(within(none as HTMLElement).queryByTestId('transaction-nota')).toBeNull();
  });

  it('offers "Desistir da compra" on an eligible package, confirms, and says the refund once the line has no offer', async () => {
    api().answer(billingContract.listTransactions, {
      transactions: purchase({ sessionId: 'cs_local_a', until: '2026-12-01T15:00:00.000Z' }),
    });
    api().answer(creditsContract.getCredits, credits(0));
    const release = api().hold(billingContract.withdrawPurchase);
    await open();
    await userEvent.click(await screen.findByTestId('withdraw-purchase'));
    const dialog = await screen.findByRole('dialog', { name: t('withdrawal.title') });
    expect(dialog.textContent).toContain('devolvemos R$ 109,90 e os 100 créditos do pacote');
    await userEvent.click(within(dialog).getByTestId('confirm-withdrawal'));
    const [call] = api().callsTo(billingContract.withdrawPurchase);
    expect(JSON.parse(String(call?.init.body))).toEqual({ sessionId: 'cs_local_a' });
    const message = 'Reembolso de R$ 109,90 feito. Os créditos do pacote saíram do seu saldo.';
    // After the refund the history reloads without the offer, as the server answers it: the line's button (and a
    // dialog inside it) leaves, the refund's words stay on the screen.
    api().answer(billingContract.listTransactions, { transactions: purchase(null) });
    release({ refundedCents: 10990, creditsTaken: 100, pending: false, message });
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('withdraw-purchase')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('says why a withdrawal is refused', async () => {
    api().answer(billingContract.listTransactions, {
      transactions: purchase({ sessionId: 'cs_local_a', until: '2026-12-01T15:00:00.000Z' }),
    });
    api().answer(creditsContract.getCredits, credits(90));
    const reason =
      'Você já usou 10 dos 100 créditos deste pacote, então o reembolso automático não está disponível.';
    api().fail(billingContract.withdrawPurchase, 'credits_used', reason);
    await open();
    await userEvent.click(await screen.findByTestId('withdraw-purchase'));
    await userEvent.click(await screen.findByTestId('confirm-withdrawal'));
    const outcome = await screen.findByTestId('withdrawal-outcome');
    expect(outcome.textContent).toBe(reason);
    expect(outcome.getAttribute('role')).toBe('alert');
  });

  it('asks a boleto buyer for the Pix key the refund goes to, checks it, and sends it with the withdrawal', async () => {
    api().answer(billingContract.listTransactions, {
      transactions: purchase({ sessionId: 'cs_boleto', until: '2026-12-01T15:00:00.000Z' }),
    });
    api().answer(creditsContract.getCredits, credits(100));
    const asked =
      'Compras pagas com boleto não podem ser estornadas pelo banco: devolvemos R$ 109,90 por Pix. ' +
      'Informe a sua chave Pix (CPF, CNPJ, e-mail, celular ou chave aleatória) para receber o reembolso.';
    api().fail(billingContract.withdrawPurchase, 'payout_details_required', asked);
    await open();
    await userEvent.click(await screen.findByTestId('withdraw-purchase'));
    await userEvent.click(await screen.findByTestId('confirm-withdrawal'));
    expect((await screen.findByTestId('withdrawal-outcome')).textContent).toBe(asked);
    const key = screen.getByLabelText(t('withdrawal.pixKey'));
    await userEvent.type(key, 'não é uma chave');
    await userEvent.click(screen.getByRole('button', { name: t('withdrawal.confirmPix') }));
    expect((await screen.findByRole('alert')).textContent).toContain('Chave Pix inválida');
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(api().callsTo(billingContract.withdrawPurchase)).toHaveLength(1);

    const message = 'Reembolso de R$ 109,90 por Pix registrado: a transferência chega em até 2 dias úteis.';
    api().answer(billingContract.withdrawPurchase, {
      refundedCents: 10990,
      creditsTaken: 100,
      pending: true,
      payout: 'pix',
      message,
    });
    await userEvent.clear(key);
    await userEvent.type(key, 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: t('withdrawal.confirmPix') }));
    expect(await screen.findByText(message)).toBeTruthy();
    const sent = api().callsTo(billingContract.withdrawPurchase).at(-1);
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      sessionId: 'cs_boleto',
      pixKey: 'ana@example.com',
    });
  });
});
