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

async function open(url = '/dashboard', balance = credits(0)) {
  api().answer(accountsContract.getMe, me);
  api().answer(creditsContract.getCredits, balance);
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

  it('celebrates the free first video as a gift with its date, without the expiring warning', async () => {
    api().answer(dashboardContract.listRecentVideos, { items: [] });
    api().fail(dashboardContract.getDashboardStats, 'internal_error', 'Erro interno. Tente novamente.');
    const trial = {
      id: 'grant-1',
      amount: 10,
      remaining: 10,
      source: 'trial' as const,
      planType: null,
      expiresAt: '2026-12-06T15:00:00.000Z',
      createdAt: '2026-11-29T15:00:00.000Z',
      expired: false,
    };
    await open('/dashboard', {
      ...credits(10),
      expiringSoon: { total: 10, daysLeft: 7 },
      grants: [trial],
    });

    const gift = await screen.findByTestId('first-video-gift');
    expect(gift.textContent).toContain(t('gift.title'));
    expect(gift.textContent).toContain('10 créditos grátis');
    expect(gift.textContent).toContain('06/12/2026');
    expect(screen.queryByTestId('expiring-credits')).toBeNull();
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
