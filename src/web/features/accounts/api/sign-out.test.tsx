import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pushContract } from '#shared/push.contract';
import { pageTest } from '#tests/support/web-page';
import { useSignOut, useSignOutEverywhere } from './sign-out';

/**
 * Signing out removes this browser's push subscription first (ADR 0048): the endpoint stays with the account that
 * stored it until that account removes it, so a subscription left behind would keep the next account on this
 * browser from subscribing, and keep sending this account's notices to a browser it left.
 */

const { api, renderPage } = pageTest();
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';

/**
 * Better Auth's client keeps the `fetch` it was created with, not the page test's, so its two calls are stood in
 * for here, answering `{ data, error }` as the client does. Each records the API calls already made when it ran.
 */
const auth = vi.hoisted(() => ({
  apiCallsSoFar: (): string[] => [],
  calls: [] as { name: string; after: string[] }[],
}));
vi.mock('#web/lib/auth-client', async (actual) => ({
  ...(await actual<typeof import('#web/lib/auth-client')>()),
  authClient: {
    signOut: async () => {
      auth.calls.push({ name: 'signOut', after: auth.apiCallsSoFar() });
      return { data: { success: true }, error: null };
    },
    revokeSessions: async () => {
      auth.calls.push({ name: 'revokeSessions', after: auth.apiCallsSoFar() });
      return { data: { status: true }, error: null };
    },
  },
}));

const apiCalls = () => api().calls.map((call) => `${call.init.method ?? 'GET'} ${call.url.pathname}`);

/**
 * A browser with the Push API whose app worker holds a subscription to ENDPOINT; once unsubscribed, the worker
 * has none (https://www.w3.org/TR/push-api/#dom-pushmanager-getsubscription).
 */
function subscribedBrowser() {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  current = { endpoint: ENDPOINT, unsubscribe } as unknown as PushSubscription;
  const registration = { pushManager: { getSubscription: async () => current } };
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return { unsubscribe };
}

function SignOutButtons() {
  const signOut = useSignOut();
  const everywhere = useSignOutEverywhere();
  return (
    <>
      <button type="button" onClick={() => signOut.mutate()}>
        Sair
      </button>
      <button type="button" onClick={() => everywhere.mutate()}>
        Sair de todos
      </button>
    </>
  );
}

async function signOutWith(button: string) {
  auth.calls = [];
  auth.apiCallsSoFar = apiCalls;
  await renderPage(<SignOutButtons />, { route: '/dashboard', url: '/dashboard', namespaces: ['accounts'] });
  await userEvent.click(screen.getByRole('button', { name: button }));
  await waitFor(() => expect(auth.calls.length).toBeGreaterThan(0));
}

const REMOVED = ['DELETE /api/me/push-subscriptions'];

describe('signing out and push', () => {
  it('“Sair” removes this browser’s subscription on the server, then in the browser, before signing out', async () => {
    api().answer(pushContract.unsubscribePush, { subscribed: false });
    const browser = subscribedBrowser();
    await signOutWith('Sair');
    expect(auth.calls).toEqual([{ name: 'signOut', after: REMOVED }]);
    expect(JSON.parse(String(api().calls[0]?.init.body))).toEqual({ endpoint: ENDPOINT });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('“Sair de todos os dispositivos” removes it before revoking the sessions, this one included', async () => {
    api().answer(pushContract.unsubscribePush, { subscribed: false });
    const browser = subscribedBrowser();
    await signOutWith('Sair de todos');
    expect(auth.calls).toEqual([
      { name: 'revokeSessions', after: REMOVED },
      { name: 'signOut', after: REMOVED },
    ]);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('drops the subscription in the browser and signs out even when the server cannot be told', async () => {
    api().fail(pushContract.unsubscribePush, 'internal_error', 'Erro interno.');
    const browser = subscribedBrowser();
    await signOutWith('Sair');
    expect(auth.calls).toEqual([{ name: 'signOut', after: REMOVED }]);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('signs out as before on a browser without the Push API', async () => {
    await signOutWith('Sair');
    expect(auth.calls).toEqual([{ name: 'signOut', after: [] }]);
  });
});
