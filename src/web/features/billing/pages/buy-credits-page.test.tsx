import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { billingContract } from '#shared/billing.contract';
import { CREDIT_PACKAGES } from '#shared/catalogue';
import { creditsContract } from '#shared/credits.contract';
import { formatBRL } from '#shared/format';
import { credits } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { fakeTab, pageTest } from '#tests/support/web-page';
import { stopWaiting } from '../lib/checkout-waiting';
import BuyCreditsPage from './buy-credits-page';

const t = i18n.getFixedT('pt-BR', 'billing');
const { api, renderPage, queryClient: queryClientOf } = pageTest();
const open = () =>
  renderPage(<BuyCreditsPage />, {
    route: '/dashboard/buy-credits',
    url: '/dashboard/buy-credits',
    namespaces: ['billing', 'credits'],
  });
const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_a1';

describe('Buy credits page', () => {
  // The waiting state is the tab's, shared by its package lists: each test starts in a fresh tab.
  beforeEach(stopWaiting);

  it('shows the catalogue’s packages while the balance loads, then the balance', async () => {
    const release = api().hold(creditsContract.getCredits);
    await open();

    expect(screen.getByRole('heading', { level: 1, name: t('buyCredits.title') })).toBeTruthy();
    const balance = screen.getByTestId('buy-credits-balance');
    expect(within(balance).queryByTestId('buy-credits-balance-value')).toBeNull();
    const list = screen.getByRole('list', { name: t('buyCredits.packagesLabel') });
    expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(CREDIT_PACKAGES.length);
    for (const pkg of CREDIT_PACKAGES) {
      const card = within(list).getByTestId(`package-${pkg.id}`);
      const name = t(`buyCredits.names.${pkg.id}`);
      expect(within(card).getByRole('heading', { name })).toBeTruthy();
      expect(within(card).getByText(formatBRL(pkg.priceCents))).toBeTruthy();
      expect(
        within(card).getByRole('button', {
          name: t('buyCredits.buyLabel', { name, price: formatBRL(pkg.priceCents) }),
        }),
      ).toBeTruthy();
    }
    expect(within(list).getByTestId('package-medium').textContent).toContain(t('buyCredits.popular'));

    release(credits(1500));
    expect((await within(balance).findByTestId('buy-credits-balance-value')).textContent).toBe(
      t('buyCredits.balanceValue', { count: 1500, value: '1.500' }),
    );
  });

  it('says the balance is unavailable when the API fails, and still sells the packages', async () => {
    api().fail(creditsContract.getCredits, 'internal_error', 'Erro interno. Tente novamente.');
    await open();

    expect(
      await within(screen.getByTestId('buy-credits-balance')).findByText(t('buyCredits.balanceError')),
    ).toBeTruthy();
    expect(screen.getByTestId('buy-medium').hasAttribute('disabled')).toBe(false);
  });

  it('opens the checkout of the chosen package in the new tab, the other packages waiting meanwhile', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    const release = api().hold(billingContract.createCreditCheckout);
    const tab = fakeTab();
    await open();
    await userEvent.click(screen.getByTestId('buy-medium'));

    expect(screen.getByTestId('buy-medium').textContent).toContain(t('processing'));
    expect(screen.getByTestId('buy-small').hasAttribute('disabled')).toBe(true);
    const [call] = api().callsTo(billingContract.createCreditCheckout);
    expect(JSON.parse(String(call?.init.body))).toEqual({ packageType: 'medium' });

    release({ url: CHECKOUT_URL });
    await waitFor(() => expect(tab.location.href).toBe(CHECKOUT_URL));
    await waitFor(() => expect(screen.getByTestId('buy-small').hasAttribute('disabled')).toBe(false));
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('sends the optional CPF, typed on a numeric keypad and punctuated as it is typed, for the nota fiscal', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    api().answer(billingContract.createCreditCheckout, { url: CHECKOUT_URL });
    const tab = fakeTab();
    await open();
    const field = screen.getByRole('textbox', { name: t('buyCredits.taxId.label') }) as HTMLInputElement;
    expect(field.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(field, '52998224725');
    expect(field.value).toBe('529.982.247-25');
    await userEvent.click(screen.getByTestId('buy-small'));

    const [call] = api().callsTo(billingContract.createCreditCheckout);
    expect(JSON.parse(String(call?.init.body))).toEqual({ packageType: 'small', taxId: '52998224725' });
    await waitFor(() => expect(tab.location.href).toBe(CHECKOUT_URL));
  });

  it('offers card, Pix and boleto, card first, and sends the method picked', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    api().answer(billingContract.createCreditCheckout, { url: CHECKOUT_URL });
    const tab = fakeTab();
    await open();
    const methods = screen.getByRole('group', { name: t('buyCredits.payment.legend') });
    const radios = within(methods).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).toEqual(['card', 'pix', 'boleto']);
    expect(radios[0]?.checked).toBe(true);
    await userEvent.click(within(methods).getByRole('radio', { name: t('buyCredits.payment.pix') }));
    await userEvent.click(screen.getByTestId('buy-small'));

    const [call] = api().callsTo(billingContract.createCreditCheckout);
    expect(JSON.parse(String(call?.init.body))).toEqual({ packageType: 'small', paymentMethod: 'pix' });
    await waitFor(() => expect(tab.location.href).toBe(CHECKOUT_URL));
  });

  it('punctuates a CNPJ as one once it passes eleven digits', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    await open();
    const field = screen.getByRole('textbox', { name: t('buyCredits.taxId.label') }) as HTMLInputElement;
    await userEvent.type(field, '11a222333000181999');
    expect(field.value).toBe('11.222.333/0001-81');
  });

  it('refuses a CPF whose check digits fail with the checkout’s message, before any checkout opens', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    await open();
    const field = screen.getByRole('textbox', { name: t('buyCredits.taxId.label') });
    await userEvent.type(field, '529.982.247-24');
    const windowOpen = vi.spyOn(window, 'open');
    await userEvent.click(screen.getByTestId('buy-medium'));

    const error = await screen.findByTestId('tax-id-error');
    expect(error.textContent).toBe('CPF ou CNPJ inválido: confira os dígitos.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(field);
    expect(windowOpen).not.toHaveBeenCalled();
    expect(api().callsTo(billingContract.createCreditCheckout)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '52998224725');
    expect(screen.queryByTestId('tax-id-error')).toBeNull();
  });

  it('closes the blank tab and says so in a toast when the checkout cannot start', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    api().fail(billingContract.createCreditCheckout, 'checkout_failed', 'O provedor de pagamento falhou.');
    const tab = fakeTab();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await open();
    await userEvent.click(screen.getByTestId('buy-large'));

    expect(await screen.findByText(t('toasts.checkoutError'))).toBeTruthy();
    expect(screen.getByText(t('toasts.error'))).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
    expect(screen.getByTestId('buy-large').hasAttribute('disabled')).toBe(false);
  });

  it('waits for the payment after the checkout opens, until the credits land', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    api().answer(billingContract.createCreditCheckout, { url: CHECKOUT_URL });
    fakeTab();
    await open();
    await screen.findByTestId('buy-credits-balance-value');
    expect(screen.queryByTestId('checkout-waiting')).toBeNull();
    await userEvent.click(screen.getByTestId('buy-small'));
    const waiting = await screen.findByTestId('checkout-waiting');
    expect(waiting.textContent).toContain('Aguardando pagamento…');

    // The realtime `credits` event refreshes the balance: the payment landed.
    api().answer(creditsContract.getCredits, credits(140));
    await queryClientOf().invalidateQueries();
    await waitFor(() => expect(screen.queryByTestId('checkout-waiting')).toBeNull());
  });

  it('says a cancelled checkout charged nothing', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    await renderPage(<BuyCreditsPage />, {
      route: '/dashboard/buy-credits',
      url: '/dashboard/buy-credits?canceled=1',
      namespaces: ['billing', 'credits'],
    });
    expect((await screen.findByTestId('checkout-canceled')).textContent).toBe(
      'Pagamento cancelado — nada foi cobrado.',
    );
  });
});
