import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { nfseContract } from '#shared/nfse.contract';
import type { AdminNota } from '#shared/nota';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { NotasPanel } from './notas-panel';

const t = i18n.getFixedT('pt-BR', 'admin');
const { api, renderPage } = pageTest();
const open = () =>
  renderPage(<NotasPanel />, {
    route: '/admin-x7k9m2',
    url: '/admin-x7k9m2',
    namespaces: ['admin', 'videos', 'billing'],
  });

const nota = (overrides: Partial<AdminNota>): AdminNota => ({
  id: crypto.randomUUID(),
  state: 'failed',
  url: null,
  xmlUrl: null,
  userId: 'user-1',
  customerEmail: 'ana@example.com',
  paymentRef: 'cs_local_a',
  amountCents: 123456,
  item: 'Pacote de 1000 créditos',
  number: null,
  error: 'E0014: CPF do tomador inválido',
  attempts: 1,
  // 15:05 UTC is 12:05 in São Paulo (UTC−3, no daylight saving since 2019).
  updatedAt: '2026-11-24T15:05:00.000Z',
  ...overrides,
});

/** Answers each state's list from `byState`, and records which states were asked for. */
function answerByState(byState: Partial<Record<AdminNota['state'], AdminNota[]>>) {
  api().answer(nfseContract.listNotas, (url) => ({
    notas: byState[url.searchParams.get('state') as AdminNota['state']] ?? [],
  }));
}
const statesAsked = () =>
  api()
    .callsTo(nfseContract.listNotas)
    .map((call) => call.url.searchParams.get('state'));

describe('Admin: notas fiscais', () => {
  it('loads the failed notas first, then lists buyer, amount, São Paulo date, the error and "Tentar de novo"', async () => {
    const release = api().hold(nfseContract.listNotas);
    await open();
    expect(screen.getByRole('heading', { level: 2, name: t('notas.title') })).toBeTruthy();
    expect(screen.getByRole('tab', { name: t('notas.states.failed') }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByTestId('notas-loading')).toBeTruthy();

    release({ notas: [nota({ id: 'n-1' }), nota({ id: 'n-2', customerEmail: null, error: null })] });
    const rows = await screen.findAllByTestId('nota-item');
    expect(statesAsked()).toEqual(['failed']);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('nota-customer').textContent).toBe('ana@example.com');
    expect(within(first).getByTestId('nota-amount').textContent).toContain('R$ 1.234,56');
    expect(within(first).getByTestId('nota-date').textContent).toBe('24/11/2026 12:05');
    expect(within(first).getByTestId('nota-error').textContent).toContain('E0014: CPF do tomador inválido');
    expect(within(first).getByTestId('nota-state').textContent).toBe('Falhou');
    expect(within(first).getByRole('button', { name: /Tentar de novo/ })).toBeTruthy();
    expect(within(first).queryByRole('link')).toBeNull();
    expect(within(second).getByTestId('nota-customer').textContent).toBe(t('notas.deletedAccount'));
    expect(within(second).getByTestId('nota-error').textContent).toContain(t('notas.noError'));
  });

  it('shows the issued notas with their PDF and XML in a new tab, and no retry', async () => {
    const pdf = 'https://api.focusnfe.com.br/notas_fiscais_servico/NFSe123.pdf';
    const xml = 'https://api.focusnfe.com.br/arquivos/NFSe123.xml';
    answerByState({
      failed: [],
      issued: [nota({ state: 'issued', number: '123', url: pdf, xmlUrl: xml, error: null })],
    });
    await open();
    expect((await screen.findByTestId('notas-empty')).textContent).toBe(t('notas.empty.failed'));

    await userEvent.click(screen.getByRole('tab', { name: t('notas.states.issued') }));
    const row = await screen.findByTestId('nota-item');
    expect(statesAsked()).toEqual(['failed', 'issued']);
    expect(row.textContent).toContain('Nota nº 123');
    expect(within(row).getByTestId('nota-state').textContent).toBe('Emitida');
    const pdfLink = within(row).getByRole('link', { name: 'PDF da nota 123 de ana@example.com' });
    expect(pdfLink.getAttribute('href')).toBe(pdf);
    expect(pdfLink.getAttribute('target')).toBe('_blank');
    expect(pdfLink.getAttribute('rel')).toContain('noopener');
    expect(
      within(row).getByRole('link', { name: 'XML da nota 123 de ana@example.com' }).getAttribute('href'),
    ).toBe(xml);
    expect(within(row).queryByTestId('nota-error')).toBeNull();
    expect(within(row).queryByTestId('nota-retry')).toBeNull();
  });

  it('says when a list cannot be loaded, and loads it again on request', async () => {
    api().fail(nfseContract.listNotas, 'internal_error', 'Erro interno. Tente novamente.');
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('notas.loadError'));

    answerByState({ failed: [] });
    await userEvent.click(within(alert).getByRole('button', { name: t('retry') }));
    expect((await screen.findByTestId('notas-empty')).textContent).toBe(t('notas.empty.failed'));
  });

  it('retries a failed nota after a confirmation, busy meanwhile, then refreshes the lists', async () => {
    answerByState({ failed: [nota({ id: 'n-1' })] });
    const release = api().hold(nfseContract.retryNota);
    await open();
    await userEvent.click(await screen.findByTestId('nota-retry'));
    const dialog = await screen.findByRole('dialog', { name: t('notas.confirmTitle') });
    expect(dialog.textContent).toContain(
      'A nota de R$ 1.234,56 (Pacote de 1000 créditos) de ana@example.com volta para a fila do emissor',
    );
    expect(dialog.textContent).toContain('nunca emitida em dobro');
    expect(api().callsTo(nfseContract.retryNota)).toHaveLength(0);

    await userEvent.click(within(dialog).getByTestId('confirm-nota-retry'));
    const [call] = api().callsTo(nfseContract.retryNota);
    expect(call?.url.pathname).toBe('/api/nfse/notas/n-1/retry');
    expect(call?.init.method).toBe('POST');
    expect(within(dialog).getByTestId('confirm-nota-retry').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('nota-retry').hasAttribute('disabled')).toBe(true);

    answerByState({ failed: [] });
    release({ retried: true });
    expect(await screen.findByText(t('notas.retried'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByTestId('notas-empty')).textContent).toBe(t('notas.empty.failed'));
    expect(api().callsTo(nfseContract.retryNota)).toHaveLength(1);
  });

  it('says in pt-BR when the nota is no longer failed (409)', async () => {
    answerByState({ failed: [nota({ id: 'n-1' })] });
    api().fail(nfseContract.retryNota, 'nota_not_failed', 'Esta nota não está com falha.');
    await open();
    await userEvent.click(await screen.findByTestId('nota-retry'));
    await userEvent.click(await screen.findByTestId('confirm-nota-retry'));
    const refusal = await screen.findByTestId('nota-retry-refusal');
    expect(refusal.textContent).toBe(t('notas.notFailed'));
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('confirm-nota-retry')).toBeNull();
  });
});
