import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPayout } from '#shared/payout';
import { payoutsContract } from '#shared/payouts.contract';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { PayoutsPanel } from './payouts-panel';

const t = i18n.getFixedT('pt-BR', 'admin');
const { api, renderPage } = pageTest();
const open = () =>
  renderPage(<PayoutsPanel />, {
    route: '/admin-x7k9m2',
    url: '/admin-x7k9m2',
    namespaces: ['admin', 'videos', 'billing'],
  });

const payout = (overrides: Partial<AdminPayout>): AdminPayout => ({
  claim: 'withdrawal:cs_local_a:1',
  status: 'pending',
  customerEmail: 'ana@example.com',
  paymentRef: 'cs_local_a',
  amountCents: 123456,
  pixKey: '+5511987654321',
  // 15:05 UTC is 12:05 in São Paulo (UTC−3, no daylight saving since 2019).
  createdAt: '2026-11-24T15:05:00.000Z',
  paidAt: null,
  ...overrides,
});

/** Answers each status's list from `byStatus`, and records which statuses were asked for. */
function answerByStatus(byStatus: Partial<Record<AdminPayout['status'], AdminPayout[]>>) {
  api().answer(payoutsContract.listPayouts, (url) => ({
    payouts: byStatus[url.searchParams.get('status') as AdminPayout['status']] ?? [],
  }));
}
const statusesAsked = () =>
  api()
    .callsTo(payoutsContract.listPayouts)
    .map((call) => call.url.searchParams.get('status'));

describe('Admin: reembolsos por Pix', () => {
  it('loads the pending payouts first, then lists buyer, amount, São Paulo date, the Pix key and "Marcar como pago"', async () => {
    const release = api().hold(payoutsContract.listPayouts);
    await open();
    expect(screen.getByRole('heading', { level: 2, name: 'Reembolsos por Pix' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pendentes' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Pagos' })).toBeTruthy();
    expect(screen.getByTestId('payouts-loading')).toBeTruthy();

    release({
      payouts: [
        payout({}),
        payout({
          claim: 'withdrawal:cs_b:1',
          customerEmail: null,
          pixKey: 'ana@example.com',
          amountCents: 990,
        }),
      ],
    });
    const rows = await screen.findAllByTestId('payout-item');
    expect(statusesAsked()).toEqual(['pending']);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('payout-customer').textContent).toBe('ana@example.com');
    expect(within(first).getByTestId('payout-amount').textContent).toContain('R$ 1.234,56');
    expect(within(first).getByTestId('payout-created').textContent).toBe('Pedido em 24/11/2026 12:05');
    expect(within(first).getByTestId('payout-pix-key').textContent).toBe('+5511987654321');
    expect(within(first).getByTestId('payout-status').textContent).toBe('Pendente');
    expect(within(first).queryByTestId('payout-paid-at')).toBeNull();
    expect(within(first).getByRole('button', { name: /Marcar como pago/ })).toBeTruthy();
    expect(within(second).getByTestId('payout-customer').textContent).toBe(t('payouts.deletedAccount'));
    expect(within(second).getByTestId('payout-amount').textContent).toContain('R$ 9,90');
    expect(screen.getByTestId('payouts-count').textContent).toBe('2 reembolsos');
  });

  it('copies the Pix key with one click', async () => {
    answerByStatus({ pending: [payout({ pixKey: '52998224725' })] });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await open();
    const row = await screen.findByTestId('payout-item');
    await userEvent.click(within(row).getByRole('button', { name: 'Copiar a chave Pix de ana@example.com' }));
    expect(writeText).toHaveBeenCalledWith('52998224725');
    expect(await screen.findByText(t('payouts.copied'))).toBeTruthy();
  });

  it('shows the paid payouts with both dates and no button', async () => {
    answerByStatus({
      pending: [],
      paid: [payout({ status: 'paid', paidAt: '2026-11-25T02:30:00.000Z' })],
    });
    await open();
    expect((await screen.findByTestId('payouts-empty')).textContent).toBe(t('payouts.empty.pending'));

    await userEvent.click(screen.getByRole('tab', { name: 'Pagos' }));
    const row = await screen.findByTestId('payout-item');
    expect(statusesAsked()).toEqual(['pending', 'paid']);
    expect(within(row).getByTestId('payout-status').textContent).toBe('Pago');
    // 02:30 UTC on the 25th is still the 24th in São Paulo.
    expect(within(row).getByTestId('payout-paid-at').textContent).toBe('Pago em 24/11/2026 23:30');
    expect(within(row).queryByTestId('payout-mark-paid')).toBeNull();
  });

  it('says when a list cannot be loaded, and loads it again on request', async () => {
    api().fail(payoutsContract.listPayouts, 'internal_error', 'Erro interno. Tente novamente.');
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Não foi possível carregar os reembolsos por Pix.');

    answerByStatus({ pending: [] });
    await userEvent.click(within(alert).getByRole('button', { name: t('retry') }));
    expect((await screen.findByTestId('payouts-empty')).textContent).toBe(
      'Nenhum reembolso esperando o Pix.',
    );
  });

  it('marks a payout paid after a confirmation, busy meanwhile, then refreshes the lists', async () => {
    answerByStatus({ pending: [payout({})] });
    const release = api().hold(payoutsContract.markPayoutPaid);
    await open();
    await userEvent.click(await screen.findByTestId('payout-mark-paid'));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar o reembolso como pago?' });
    expect(dialog.textContent).toContain(
      'Confirme que o Pix de R$ 1.234,56 para a chave +5511987654321 (ana@example.com) já foi feito.',
    );
    expect(api().callsTo(payoutsContract.markPayoutPaid)).toHaveLength(0);

    await userEvent.click(within(dialog).getByTestId('confirm-payout-paid'));
    const [call] = api().callsTo(payoutsContract.markPayoutPaid);
    expect(call?.url.pathname).toBe('/api/admin/payouts/withdrawal%3Acs_local_a%3A1/paid');
    expect(call?.init.method).toBe('POST');
    expect(within(dialog).getByTestId('confirm-payout-paid').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('payout-mark-paid').hasAttribute('disabled')).toBe(true);

    answerByStatus({ pending: [] });
    release({ paid: true, paidAt: '2026-11-25T12:00:00.000Z' });
    expect(await screen.findByText('Reembolso marcado como pago.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByTestId('payouts-empty')).textContent).toBe(t('payouts.empty.pending'));
    expect(api().callsTo(payoutsContract.markPayoutPaid)).toHaveLength(1);
  });

  it('says in pt-BR when the payout was already marked paid (409)', async () => {
    answerByStatus({ pending: [payout({})] });
    api().fail(
      payoutsContract.markPayoutPaid,
      'payout_not_pending',
      'Este reembolso já foi marcado como pago.',
    );
    await open();
    await userEvent.click(await screen.findByTestId('payout-mark-paid'));
    await userEvent.click(await screen.findByTestId('confirm-payout-paid'));
    const refusal = await screen.findByTestId('payout-paid-refusal');
    expect(refusal.textContent).toBe(
      'Este reembolso já tinha sido marcado como pago (alguém pode ter marcado antes). A lista foi atualizada.',
    );
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('confirm-payout-paid')).toBeNull();
  });

  it('says in pt-BR when the payout no longer exists (404)', async () => {
    answerByStatus({ pending: [payout({})] });
    api().fail(payoutsContract.markPayoutPaid, 'payout_not_found', 'Reembolso não encontrado.');
    await open();
    await userEvent.click(await screen.findByTestId('payout-mark-paid'));
    await userEvent.click(await screen.findByTestId('confirm-payout-paid'));
    expect((await screen.findByTestId('payout-paid-refusal')).textContent).toBe(
      'Este reembolso não existe mais. A lista foi atualizada.',
    );
  });
});
