import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminContract } from '#shared/admin.contract';
import type { AdminPlatform } from '#shared/admin-platform';
import { adminApiKeysContract } from '#shared/api-keys.contract';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { PlatformPanel } from './platform-panel';

const t = i18n.getFixedT('pt-BR', 'admin');
const { api, renderPage } = pageTest();
const open = () =>
  renderPage(<PlatformPanel />, { route: '/admin-x7k9m2', url: '/admin-x7k9m2', namespaces: ['admin'] });

const KEY_ID = '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';

const figures = (overrides: Partial<AdminPlatform> = {}): AdminPlatform => ({
  apiKeys: {
    used: 3,
    requests: 1534,
    busiest: [
      {
        id: KEY_ID,
        name: 'Integração da loja',
        prefix: 'cena_0123456789abcdef',
        userId: 'user-1',
        userEmail: 'dev@loja.example',
        scopes: ['read', 'create'],
        requestsLastDay: 1520,
        // 15:05 UTC is 12:05 in São Paulo.
        lastUsedAt: '2026-11-24T15:05:00.000Z',
        revokedAt: null,
      },
    ],
  },
  webhooks: {
    delivered: 42,
    retrying: 2,
    failed: 1,
    endpointsDisabled: 1,
    latestFailures: [
      {
        host: 'hooks.loja.example',
        event: 'video.failed',
        responseCode: 503,
        at: '2026-11-24T15:10:00.000Z',
      },
      { host: 'erp.example', event: 'credits.low', responseCode: null, at: '2026-11-24T14:00:00.000Z' },
    ],
  },
  mcp: { openNow: 2, openedLastDay: 7 },
  generatedAt: '2026-11-24T15:11:00.000Z',
  ...overrides,
});

describe('PlatformPanel', () => {
  it('shows requests per key with owner, scopes and last use, the webhook states and failures, and MCP sessions', async () => {
    api().answer(adminContract.getPlatform, figures());
    await open();
    const key = await screen.findByTestId('admin-platform-key');
    expect(within(key).getByText('Integração da loja')).toBeTruthy();
    expect(within(key).getByText('dev@loja.example')).toBeTruthy();
    expect(within(key).getByText('Ler')).toBeTruthy();
    expect(within(key).getByText('Criar')).toBeTruthy();
    expect(within(key).getByTestId('admin-platform-key-requests').textContent).toBe(
      '1.520 requisições em 24 h · último uso 24/11/2026 12:05',
    );
    expect(screen.getByTestId('admin-platform-keys-summary').textContent).toBe(
      '1.534 requisições de 3 chaves',
    );
    expect(screen.getByTestId('platform-delivered').textContent).toBe('42');
    expect(screen.getByTestId('platform-retrying').textContent).toBe('2');
    expect(screen.getByTestId('platform-failed').textContent).toBe('1');
    expect(screen.getByTestId('platform-endpoints-disabled').textContent).toBe('1');
    const [first, second] = screen.getAllByTestId('admin-platform-failure');
    expect(first?.textContent).toBe('hooks.loja.exampleVídeo falhou · HTTP 503 · 24/11/2026 12:10');
    expect(second?.textContent).toBe('erp.exampleCréditos acabando · sem resposta · 24/11/2026 11:00');
    expect(screen.getByTestId('platform-mcp-open').textContent).toBe('2');
    expect(screen.getByTestId('platform-mcp-opened').textContent).toBe('7');
    expect(api().callsTo(adminContract.getPlatform)).toHaveLength(1);
  });

  it('says when nothing happened in the day', async () => {
    api().answer(
      adminContract.getPlatform,
      figures({
        apiKeys: { used: 0, requests: 0, busiest: [] },
        webhooks: { delivered: 0, retrying: 0, failed: 0, endpointsDisabled: 0, latestFailures: [] },
        mcp: { openNow: 0, openedLastDay: 0 },
      }),
    );
    await open();
    expect((await screen.findByTestId('admin-platform-keys-empty')).textContent).toBe(
      t('platform.keysEmpty'),
    );
    expect(screen.getByText(t('platform.failuresEmpty'))).toBeTruthy();
  });

  it('shows the loading state until the figures come', async () => {
    const release = api().hold(adminContract.getPlatform);
    await open();
    expect(screen.getByTestId('admin-platform-loading')).toBeTruthy();
    release(figures());
    expect(await screen.findByTestId('admin-platform-key')).toBeTruthy();
    expect(screen.queryByTestId('admin-platform-loading')).toBeNull();
  });

  it('says when the figures could not be loaded, and the retry loads them', async () => {
    api().fail(adminContract.getPlatform, 'internal_error', 'Erro interno. Tente novamente.');
    await open();
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain(
      t('platform.loadError'),
    );
    api().answer(adminContract.getPlatform, figures());
    await userEvent.click(screen.getByRole('button', { name: t('retry') }));
    expect(await screen.findByTestId('admin-platform-key')).toBeTruthy();
  });

  it('revokes a key only after the confirmation, then refreshes the figures', async () => {
    api().answer(adminContract.getPlatform, figures());
    api().answer(adminApiKeysContract.adminRevokeApiKey, { revoked: true });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: t('apiKeys.revoke') }));
    expect(api().callsTo(adminApiKeysContract.adminRevokeApiKey)).toHaveLength(0);
    const revokedAt = '2026-11-24T15:12:00.000Z';
    const [busy] = figures().apiKeys.busiest;
    api().answer(
      adminContract.getPlatform,
      figures({ apiKeys: { used: 3, requests: 1534, busiest: busy ? [{ ...busy, revokedAt }] : [] } }),
    );
    await userEvent.click(await screen.findByTestId('admin-api-key-revoke-confirm'));
    await waitFor(() => expect(api().callsTo(adminApiKeysContract.adminRevokeApiKey)).toHaveLength(1));
    expect(api().callsTo(adminApiKeysContract.adminRevokeApiKey)[0]?.url.pathname).toBe(
      `/api/admin/api-keys/${KEY_ID}`,
    );
    expect(await screen.findByText(t('apiKeys.revoked'))).toBeTruthy();
    expect(await screen.findByText(t('apiKeys.revokedBadge'))).toBeTruthy();
    expect(api().callsTo(adminContract.getPlatform)).toHaveLength(2);
  });
});
