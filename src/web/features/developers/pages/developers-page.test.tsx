import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountsContract } from '#shared/accounts.contract';
import type { ApiKeyView } from '#shared/api-keys';
import { apiKeysContract } from '#shared/api-keys.contract';
import { me } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import DevelopersPage from './developers-page';

/** Perfil → Desenvolvedores (ADR 0063): create a key, its token shown once with copy, the list, revoke. */

const t = i18n.getFixedT('pt-BR', 'developers');
const { api, renderPage } = pageTest();
const open = () =>
  renderPage(<DevelopersPage />, {
    route: '/dashboard/developers',
    url: '/dashboard/developers',
    namespaces: ['developers', 'accounts'],
  });

const TOKEN = `cena_0123456789abcdef_${'A'.repeat(43)}`;

const key = (overrides: Partial<ApiKeyView> = {}): ApiKeyView => ({
  id: '6f1c2b8e-1d2a-4c3b-9a8d-7e6f5a4b3c2d',
  name: 'Loja virtual',
  prefix: 'cena_0123456789abcdef',
  scopes: ['read', 'create'],
  dailyCreditLimit: 50,
  createdAt: '2026-11-20T13:00:00.000Z',
  lastUsedAt: '2026-11-28T18:30:00.000Z',
  ...overrides,
});

describe('Developers page', () => {
  it('creates a key with its scopes and daily limit, shows the token once with copy, then lists it', async () => {
    api().answer(accountsContract.getMe, me);
    api().answer(apiKeysContract.listApiKeys, { apiKeys: [] });
    await open();
    expect(await screen.findByText(t('keys.empty'))).toBeTruthy();

    const created = key({ scopes: ['read'], lastUsedAt: null });
    api().answer(apiKeysContract.createApiKey, { apiKey: { ...created, token: TOKEN } });
    api().answer(apiKeysContract.listApiKeys, { apiKeys: [created] });
    await userEvent.type(screen.getByTestId('api-key-name'), 'Loja virtual');
    await userEvent.click(screen.getByTestId('api-key-scope-create'));
    await userEvent.type(screen.getByTestId('api-key-limit'), '50');
    await userEvent.click(screen.getByTestId('api-key-create'));

    expect((await screen.findByTestId('api-key-token')).textContent).toBe(TOKEN);
    const [call] = api().callsTo(apiKeysContract.createApiKey);
    expect(JSON.parse(String(call?.init.body))).toEqual({
      name: 'Loja virtual',
      scopes: ['read'],
      dailyCreditLimit: 50,
    });
    const clipboard = navigator.clipboard;
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          copied = text;
        },
      },
    });
    await userEvent.click(screen.getByTestId('api-key-copy'));
    await waitFor(() => expect(copied).toBe(TOKEN));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard });

    const item = await screen.findByTestId('api-key-item');
    expect(within(item).getByTestId('api-key-item-use').textContent).toContain(t('keys.neverUsed'));
    expect(within(item).queryByText(TOKEN)).toBeNull();

    await userEvent.click(screen.getByTestId('api-key-token-done'));
    expect(screen.queryByTestId('api-key-token')).toBeNull();
    expect(screen.queryByText(TOKEN)).toBeNull();
  });

  it('refuses an empty name, no scope or a bad limit before calling the server', async () => {
    api().answer(accountsContract.getMe, me);
    api().answer(apiKeysContract.listApiKeys, { apiKeys: [] });
    await open();
    await userEvent.click(screen.getByTestId('api-key-scope-read'));
    await userEvent.click(screen.getByTestId('api-key-scope-create'));
    await userEvent.type(screen.getByTestId('api-key-limit'), '1,5');
    await userEvent.click(screen.getByTestId('api-key-create'));

    expect(screen.getByText(t('form.nameRequired'))).toBeTruthy();
    expect(screen.getByText(t('form.scopeRequired'))).toBeTruthy();
    expect(screen.getByText(t('form.limitInvalid'))).toBeTruthy();
    expect(api().callsTo(apiKeysContract.createApiKey)).toEqual([]);
  });

  it('lists keys with their last use in São Paulo time and revokes one after confirming', async () => {
    api().answer(accountsContract.getMe, me);
    api().answer(apiKeysContract.listApiKeys, { apiKeys: [key()] });
    await open();

    const item = await screen.findByTestId('api-key-item');
    expect(within(item).getByTestId('api-key-item-name').textContent).toBe('Loja virtual');
    expect(within(item).getByText(t('keys.dailyLimit', { count: 50 }))).toBeTruthy();
    expect(within(item).getByTestId('api-key-item-use').textContent).toContain('28/11/2026');

    api().answer(apiKeysContract.revokeApiKey, { revoked: true });
    api().answer(apiKeysContract.listApiKeys, { apiKeys: [] });
    await userEvent.click(
      within(item).getByRole('button', { name: t('keys.revokeLabel', { name: 'Loja virtual' }) }),
    );
    expect(screen.getByText(t('keys.revokeBody'))).toBeTruthy();
    expect(api().callsTo(apiKeysContract.revokeApiKey)).toEqual([]);
    await userEvent.click(screen.getByTestId('api-key-revoke-confirm'));

    await waitFor(() => expect(screen.queryByTestId('api-key-item')).toBeNull());
    const [call] = api().callsTo(apiKeysContract.revokeApiKey);
    expect(call?.url.pathname).toBe(`/api/me/api-keys/${key().id}`);
    expect(await screen.findByText(t('keys.empty'))).toBeTruthy();
  });
});
