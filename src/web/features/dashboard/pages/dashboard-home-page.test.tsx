import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountsContract } from '#shared/accounts.contract';
import { billingContract } from '#shared/billing.contract';
import { creditsContract } from '#shared/credits.contract';
import { dashboardContract } from '#shared/history.contract';
import { credits, historyItem, me } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import DashboardHomePage from './dashboard-home-page';

const t = i18n.getFixedT('pt-BR', 'dashboard');
const { api, renderPage } = pageTest();

async function open(url = '/dashboard') {
  api().answer(accountsContract.getMe, me);
  api().answer(creditsContract.getCredits, credits(0));
  api().answer(billingContract.getSubscription, { subscription: null });
  await renderPage(<DashboardHomePage />, {
    route: '/dashboard',
    url,
    namespaces: ['dashboard', 'billing', 'credits'],
  });
}

describe('Dashboard home', () => {
  it('leads a first visit with the first video and a sample prompt, the stats and balance after it', async () => {
    api().answer(dashboardContract.listRecentVideos, { items: [] });
    // The figures are not this test's subject: they fail, and the balance still shows.
    api().fail(dashboardContract.getDashboardStats, 'internal_error', 'Erro interno. Tente novamente.');
    await open();

    const link = await screen.findByTestId('first-video-sample');
    const target = new URL(link.getAttribute('href') ?? '', 'http://cena.test');
    expect(target.pathname).toBe('/dashboard/create');
    expect(target.searchParams.get('prompt')).toBe(t('firstVideo.samplePrompt'));
    const balance = await screen.findByTestId('balance-value');
    expect(link.compareDocumentPosition(balance) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('starts the checkout of a plan chosen before the account existed, once', async () => {
    api().answer(dashboardContract.listRecentVideos, { items: [historyItem()] });
    // The figures are not this test's subject: they fail, and the page goes on.
    api().fail(dashboardContract.getDashboardStats, 'internal_error', 'Erro interno. Tente novamente.');
    api().answer(billingContract.createCheckout, { url: 'https://checkout.test/plan' });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await open('/dashboard?plan=creator&period=yearly');

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.test/plan'));
    const calls = api().callsTo(billingContract.createCheckout);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ planId: 'creator', billingPeriod: 'yearly' });
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });
});
