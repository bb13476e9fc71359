import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '#shared/customer-webhooks';
import { customerWebhooksContract } from '#shared/customer-webhooks.contract';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
// Through the feature's entry file, as the Desenvolvedores page composes it.
import { WebhooksSection } from '..';

const t = i18n.getFixedT('pt-BR', 'webhooks');
const { api, renderPage } = pageTest();
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const ENDPOINT_ID = '6f1d3c2a-1b2c-4d5e-8f90-0a1b2c3d4e5f';
const DELIVERY_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const endpoint = (changes: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: ENDPOINT_ID,
  url: 'https://erp.loja.com.br/webhooks/cena',
  events: ['video.completed', 'video.failed'],
  enabled: true,
  failureStreak: 0,
  disabledAt: null,
  createdAt: '2026-11-28T13:00:00.000Z',
  deliveries: [],
  ...changes,
});

const failedDelivery = {
  id: DELIVERY_ID,
  eventId: 'msg_abc',
  type: 'video.completed' as const,
  status: 'failed' as const,
  lastResponseCode: 500,
  nextAttemptAt: null,
  createdAt: '2026-11-28T13:05:00.000Z',
  attempts: [
    { at: '2026-11-28T13:05:00.000Z', responseCode: 500, durationMs: 120, ok: false, error: null },
    { at: '2026-11-29T13:05:00.000Z', responseCode: 500, durationMs: 98, ok: false, error: null },
  ],
};

const open = () =>
  renderPage(<WebhooksSection />, {
    route: '/dashboard/profile',
    url: '/dashboard/profile',
    namespaces: ['webhooks'],
  });

describe('the Webhooks section (Perfil → Desenvolvedores)', () => {
  it('registers an endpoint for the events ticked and shows its secret once', async () => {
    api().answer(customerWebhooksContract.listWebhooks, { endpoints: [] });
    const { deliveries: _none, ...created } = endpoint();
    api().answer(customerWebhooksContract.createWebhook, { endpoint: { ...created, secret: SECRET } });
    await open();
    expect(await screen.findByText(t('list.empty'))).toBeTruthy();

    await userEvent.type(screen.getByLabelText(t('form.url')), '  https://erp.loja.com.br/webhooks/cena ');
    await userEvent.click(screen.getByRole('checkbox', { name: /História concluída/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Créditos acabando/ }));
    api().answer(customerWebhooksContract.listWebhooks, { endpoints: [endpoint()] });
    await userEvent.click(screen.getByRole('button', { name: t('form.submit') }));

    const notice = await screen.findByTestId('webhook-secret');
    expect(within(notice).getByText(SECRET)).toBeTruthy();
    expect(within(notice).getByText(t('secret.warning'))).toBeTruthy();
    const [call] = api().callsTo(customerWebhooksContract.createWebhook);
    expect(JSON.parse(String(call?.init.body))).toEqual({
      url: 'https://erp.loja.com.br/webhooks/cena',
      events: ['video.completed', 'video.failed'],
    });
    expect(await screen.findByText('https://erp.loja.com.br/webhooks/cena')).toBeTruthy();

    await userEvent.click(within(notice).getByRole('button', { name: t('secret.done') }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.getByTestId('webhook-form')).toBeTruthy();
  });

  it('says in pt-BR why the server refused the address, under the field', async () => {
    api().answer(customerWebhooksContract.listWebhooks, { endpoints: [] });
    const message =
      'Este endereço aponta para uma rede interna (localhost, rede privada ou link-local). Use um endereço público.';
    api().fail(customerWebhooksContract.createWebhook, 'url_not_allowed', message);
    await open();
    await userEvent.type(await screen.findByLabelText(t('form.url')), 'https://192.168.0.10/hook');
    await userEvent.click(screen.getByRole('button', { name: t('form.submit') }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText(t('form.url')).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('shows a disabled endpoint with its delivery log, and Reenviar sends that delivery again', async () => {
    api().answer(customerWebhooksContract.listWebhooks, {
      endpoints: [
        endpoint({
          enabled: false,
          failureStreak: 8,
          disabledAt: '2026-11-29T13:05:00.000Z',
          deliveries: [failedDelivery],
        }),
      ],
    });
    await open();
    const item = await screen.findByTestId('webhook-endpoint');
    expect(within(item).getByText(t('list.disabled'))).toBeTruthy();
    expect(within(item).getByText(t('list.disabledHint'))).toBeTruthy();
    expect(within(item).getByText('8 falhas seguidas')).toBeTruthy();
    const delivery = within(item).getByTestId('webhook-delivery');
    expect(within(delivery).getByText(t('deliveries.failed'))).toBeTruthy();
    expect(within(delivery).getByText('Resposta 500')).toBeTruthy();
    expect(within(delivery).getByText(/29\/11\/2026 10:05 · 2 tentativas/)).toBeTruthy();

    api().answer(customerWebhooksContract.resendWebhookDelivery, {
      delivery: { ...failedDelivery, status: 'pending', nextAttemptAt: '2026-11-29T14:00:00.000Z' },
    });
    api().answer(customerWebhooksContract.listWebhooks, {
      endpoints: [endpoint({ deliveries: [{ ...failedDelivery, status: 'pending' }] })],
    });
    await userEvent.click(within(delivery).getByRole('button', { name: t('deliveries.resend') }));
    await waitFor(() =>
      expect(api().callsTo(customerWebhooksContract.resendWebhookDelivery)).toHaveLength(1),
    );
    const [resend] = api().callsTo(customerWebhooksContract.resendWebhookDelivery);
    expect(resend?.url.pathname).toBe(`/api/me/webhooks/${ENDPOINT_ID}/deliveries/${DELIVERY_ID}/resend`);
    expect(await screen.findByText(t('list.enabled'))).toBeTruthy();
    expect(await screen.findByText(t('deliveries.pending'))).toBeTruthy();
  });

  it('deletes an endpoint only after the question', async () => {
    api().answer(customerWebhooksContract.listWebhooks, { endpoints: [endpoint()] });
    api().answer(customerWebhooksContract.deleteWebhook, { deleted: true });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: t('list.delete') }));
    expect(api().callsTo(customerWebhooksContract.deleteWebhook)).toHaveLength(0);
    expect(await screen.findByText(t('list.deleteTitle'))).toBeTruthy();
    api().answer(customerWebhooksContract.listWebhooks, { endpoints: [] });
    await userEvent.click(screen.getByTestId('webhook-delete-confirm'));
    await waitFor(() => expect(api().callsTo(customerWebhooksContract.deleteWebhook)).toHaveLength(1));
    expect(await screen.findByText(t('list.empty'))).toBeTruthy();
  });
});
