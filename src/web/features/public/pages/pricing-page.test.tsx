import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeTab, pageTest } from '#tests/support/web-page';
import { attachPricing } from '../islands/pricing';
import PricingPage from './pricing-page';

/**
 * The pricing page with its island: the plan buttons pay the way the visitor chose (ADR 0042) — card, Pix or
 * boleto — with the optional CPF/CNPJ checked before any request.
 */

const { renderPage } = pageTest();

/** A signed-in visitor on the Free plan; the checkout's bodies are kept. */
function signedInServer() {
  const checkouts: unknown[] = [];
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://cena.test').pathname;
      if (path === '/api/auth/get-session') return json({ session: { id: 's' }, user: { id: 'u' } });
      if (path === '/api/billing/subscription') return json({ subscription: null });
      if (path === '/api/billing/checkout') {
        checkouts.push(JSON.parse(String(init.body)));
        return json({ url: 'https://checkout.stripe.test/c/pay/pix' });
      }
      throw new TypeError(`no answer for ${path}`);
    }),
  );
  return checkouts;
}

async function openPricing() {
  await renderPage(<PricingPage />, { route: '/pricing', url: '/pricing', namespaces: ['public'] });
  const root = document.querySelector<HTMLElement>('[data-island="pricing"]');
  if (!root) throw new Error('no pricing island');
  attachPricing(root);
}

describe('Pricing: how a plan is paid', () => {
  it('pays a Starter month by Pix with a CPF, refusing an invalid one first', async () => {
    const user = userEvent.setup();
    await openPricing();
    const checkouts = signedInServer();
    const tab = fakeTab();

    expect(screen.getByRole('radio', { name: 'Cartão (renova sozinho)' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'Pix (pagamento único, 1 mês ou 1 ano)' }));
    const taxId = screen.getByLabelText('CPF ou CNPJ para a nota fiscal (opcional)');
    await user.type(taxId, '111.111.111-11');
    await user.click(screen.getByTestId('plan-button-starter'));
    expect(await screen.findByText('CPF ou CNPJ inválido: confira os dígitos.')).toBeTruthy();
    expect(taxId.getAttribute('aria-invalid')).toBe('true');
    expect(checkouts).toEqual([]);

    await user.clear(taxId);
    await user.type(taxId, '529.982.247-25');
    await user.click(screen.getByTestId('plan-button-starter'));
    await waitFor(() => expect(tab.location.href).toBe('https://checkout.stripe.test/c/pay/pix'));
    expect(checkouts).toEqual([
      { planId: 'starter', billingPeriod: 'monthly', paymentMethod: 'pix', taxId: '52998224725' },
    ]);
    expect(taxId.getAttribute('aria-invalid')).toBe('false');
  });

  it('reaches the three choices and the CPF field with the keyboard', async () => {
    const user = userEvent.setup();
    await openPricing();
    signedInServer();
    const card = screen.getByRole('radio', { name: 'Cartão (renova sozinho)' });
    card.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Pix (pagamento único, 1 mês ou 1 ano)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('radio', { name: 'Boleto' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Forma de pagamento' })).toBeTruthy();
  });
});
