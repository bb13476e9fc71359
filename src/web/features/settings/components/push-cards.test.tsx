import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pushContract } from '#shared/push.contract';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { PushDeviceCard } from './push-device-card';
import { PushOfferCard } from './push-offer-card';

const t = i18n.getFixedT('pt-BR', 'settings');
const { api, renderPage } = pageTest();
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const SUBSCRIPTION = {
  endpoint: 'https://push.example/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
};

/**
 * A browser with the Push API (https://www.w3.org/TR/push-api/) and notification permission `permission`, whose
 * user answers the prompt with `answer`; `subscribed` says whether this device already has a subscription.
 */
function browser({
  permission,
  answer = 'granted',
  subscribed = false,
}: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
}) {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  /** The browser's n-th subscription: a new endpoint each time it subscribes after an unsubscribe. */
  const subscriptionNumber = (n: number) => {
    const json = n === 0 ? SUBSCRIPTION : { ...SUBSCRIPTION, endpoint: `${SUBSCRIPTION.endpoint}-${n}` };
    return { ...json, toJSON: () => json, unsubscribe } as unknown as PushSubscription;
  };
  let made = 0;
  if (subscribed) current = subscriptionNumber(made++);
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    current ??= subscriptionNumber(made++);
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission, requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  return { requestPermission, subscribe, unsubscribe };
}

const openSettingsCard = () =>
  renderPage(<PushDeviceCard />, {
    route: '/dashboard/settings',
    url: '/dashboard/settings',
    namespaces: ['accounts', 'billing', 'credits', 'settings'],
  });

const pushSwitch = () => screen.findByRole('switch', { name: t('push.label') });

describe('the settings’ push setting (this device), beside the e-mail one', () => {
  it('asks permission only on the click, then subscribes with the server’s key and stores the subscription', async () => {
    api().answer(pushContract.getPushKey, { publicKey: PUBLIC_KEY });
    api().answer(pushContract.subscribePush, { subscribed: true });
    const device = browser({ permission: 'default' });
    await openSettingsCard();
    const toggle = await pushSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(device.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(toggle);
    expect(await screen.findByText(t('push.enabled'))).toBeTruthy();
    expect((await pushSwitch()).getAttribute('aria-checked')).toBe('true');
    expect(device.requestPermission).toHaveBeenCalledTimes(1);
    const options = device.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    const key = options?.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    const [stored] = api().callsTo(pushContract.subscribePush);
    expect(JSON.parse(String(stored?.init.body))).toEqual(SUBSCRIPTION);
  });

  it('an endpoint another account still holds (409): the browser drops that subscription and stores a new one', async () => {
    api().answer(pushContract.getPushKey, { publicKey: PUBLIC_KEY });
    api().fail(
      pushContract.subscribePush,
      'endpoint_taken',
      'Este navegador já recebe as notificações de outra conta.',
    );
    // Permission back to "ask" in the site settings: the browser still holds the subscription made before.
    const device = browser({ permission: 'default', subscribed: true });
    await openSettingsCard();
    await userEvent.click(await pushSwitch());
    await waitFor(() => expect(api().callsTo(pushContract.subscribePush)).toHaveLength(2));
    const stored = api()
      .callsTo(pushContract.subscribePush)
      .map((call) => JSON.parse(String(call.init.body)).endpoint);
    expect(stored).toEqual([SUBSCRIPTION.endpoint, `${SUBSCRIPTION.endpoint}-1`]);
    expect(device.unsubscribe).toHaveBeenCalledTimes(1);
    expect(device.subscribe).toHaveBeenCalledTimes(2);
  });

  it('unsubscribes this device: the server forgets the endpoint, then the browser drops it', async () => {
    api().answer(pushContract.unsubscribePush, { subscribed: false });
    const device = browser({ permission: 'granted', subscribed: true });
    await openSettingsCard();
    const toggle = await pushSwitch();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));

    await userEvent.click(toggle);
    expect(await screen.findByText(t('push.disabled'))).toBeTruthy();
    const [call] = api().callsTo(pushContract.unsubscribePush);
    expect(JSON.parse(String(call?.init.body))).toEqual({ endpoint: SUBSCRIPTION.endpoint });
    expect(device.unsubscribe).toHaveBeenCalledTimes(1);
    expect((await pushSwitch()).getAttribute('aria-checked')).toBe('false');
  });

  it('a refused prompt leaves the switch off and says so; a blocked browser gets the way out, not a switch', async () => {
    browser({ permission: 'default', answer: 'denied' });
    await openSettingsCard();
    await userEvent.click(await pushSwitch());
    expect(await screen.findByText(t('push.blocked'))).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText(t('push.denied'))).toBeTruthy();
    expect(api().calls).toEqual([]);
  });

  it('says when the browser has no Push API', async () => {
    browser({ permission: 'default' });
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    await openSettingsCard();
    expect(await screen.findByText(t('push.unsupported'))).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

describe('the opt-in after a create', () => {
  const openOffer = () =>
    renderPage(<PushOfferCard />, {
      route: '/dashboard/confirmation',
      url: '/dashboard/confirmation?id=x',
      namespaces: ['videos', 'credits', 'cast', 'settings'],
    });

  it('is offered while the permission is undecided, and subscribes from its button', async () => {
    window.localStorage.clear();
    api().answer(pushContract.getPushKey, { publicKey: PUBLIC_KEY });
    api().answer(pushContract.subscribePush, { subscribed: true });
    const device = browser({ permission: 'default' });
    await openOffer();
    await userEvent.click(await screen.findByRole('button', { name: t('push.offerEnable') }));
    await waitFor(() => expect(screen.queryByTestId('push-offer')).toBeNull());
    expect(device.requestPermission).toHaveBeenCalledTimes(1);
    expect(device.subscribe).toHaveBeenCalledTimes(1);
    expect(api().callsTo(pushContract.subscribePush)).toHaveLength(1);
  });

  it('“Agora não” hides it for good on this browser', async () => {
    window.localStorage.clear();
    const device = browser({ permission: 'default' });
    await openOffer();
    await userEvent.click(await screen.findByRole('button', { name: t('push.offerDismiss') }));
    expect(screen.queryByTestId('push-offer')).toBeNull();
    expect(window.localStorage.getItem('cena.push-offer-dismissed')).toBe('1');
    expect(device.requestPermission).not.toHaveBeenCalled();
  });

  it('is not offered when the user blocked notifications', async () => {
    window.localStorage.clear();
    browser({ permission: 'denied' });
    await openOffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('push-offer')).toBeNull();
  });
});
