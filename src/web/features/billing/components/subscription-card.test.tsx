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

  it('a Pix plan says it does not renew by itself, and until when; on day one renewing is not its main button', async () => {
    api().answer(billingContract.getSubscription, {
      subscription: subscription({ currentPeriodEnd: '2999-01-10T15:00:00.000Z' }),
    });
    await open();
    expect((await screen.findByTestId('subscription-no-auto-renewal')).textContent).toBe(
      'Não renova sozinho: nada é cobrado sem você. Em 10/01/2999 o plano termina; para continuar, renove por Pix (avisamos por e-mail 7 dias e 1 dia antes).',
    );
    // Day one: the plan runs; "Renovar por Pix" is offered, not the card's main button.
    expect(screen.getByTestId('renew-by-pix').className).not.toContain('bg-primary');
  });

  it('a Pix plan in its last 7 days leads with "Renovar por Pix"', async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    api().answer(billingContract.getSubscription, {
      subscription: subscription({ currentPeriodEnd: inDays(3) }),
    });
    await open();
    expect((await screen.findByTestId('renew-by-pix')).className).toContain('bg-primary');
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
