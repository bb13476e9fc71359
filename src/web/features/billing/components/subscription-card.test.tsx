import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubscriptionView } from '#shared/billing';
import { billingContract } from '#shared/billing.contract';
import { pageTest } from '#tests/support/web-page';
import { SubscriptionCard } from './subscription-card';

const { api, renderPage } = pageTest();
const open = () =>
  renderPage(<SubscriptionCard timeZone="Europe/Lisbon" />, {
    route: '/dashboard/profile',
    url: '/dashboard/profile',
    namespaces: ['billing'],
  });

const subscription = (overrides: Partial<SubscriptionView>): SubscriptionView => ({
  id: 'sub-1',
  planId: 'starter',
  planName: 'Starter',
  billingPeriod: 'monthly',
  status: 'active',
  currentPeriodStart: '2026-11-26T02:30:00.000Z',
  // 23:30 in São Paulo on the 25th, already the 26th in Lisbon: the date is Brazil's.
  currentPeriodEnd: '2026-12-26T02:30:00.000Z',
  cancelAtPeriodEnd: false,
  collection: 'prepaid',
  ...overrides,
});

describe('Profile: the subscription card', () => {
  it('a plan paid by Pix shows the date it is paid until and renews by Pix, without the portal', async () => {
    api().answer(billingContract.getSubscription, { subscription: subscription({}) });
    await open();
    expect((await screen.findByTestId('subscription-paid-by-pix')).textContent).toBe(
      'Pago por Pix até 25/12/2026',
    );
    const renew = screen.getByRole('link', { name: 'Renovar por Pix' });
    expect(renew.getAttribute('href')).toBe('/dashboard?plan=starter&period=monthly&pay=pix');
    expect(screen.queryByTestId('open-portal')).toBeNull();
  });

  it('a card subscription keeps its renewal and the portal', async () => {
    api().answer(billingContract.getSubscription, {
      subscription: subscription({ collection: 'automatic' }),
    });
    await open();
    expect(await screen.findByTestId('subscription-renewal')).toBeTruthy();
    expect(screen.getByTestId('open-portal')).toBeTruthy();
    expect(screen.queryByText(/Pago por Pix/)).toBeNull();
  });
});
