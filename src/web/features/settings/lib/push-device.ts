import { pushContract } from '#shared/push.contract';
import { callApi, isApiError } from '#web/lib/api';
import { currentPushSubscription, pushSupported, removePushSubscription } from '#web/lib/push-subscription';

/**
 * This browser's Web Push subscription (ADR 0038), through the Push API
 * (https://www.w3.org/TR/push-api/#pushmanager-interface) on the app's service worker (/sw.js, ADR 0032).
 * Permission is asked only from a click (browsers block or penalise a prompt on load), and a denied permission is
 * never asked again: only the browser's site settings can undo it.
 */

/** Where this device stands: no Push API, blocked by the user, or on / off for this account. */
export type PushDeviceState = 'unsupported' | 'denied' | 'off' | 'on';

export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentPushSubscription()) ? 'on' : 'off';
}

/** The VAPID key as `applicationServerKey` wants it: the 65 bytes of the base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Stores the browser's subscription for the signed-in account (`PushSubscription.toJSON()`, the contract's body). */
async function store(subscription: PushSubscription): Promise<void> {
  const { endpoint, keys, expirationTime } = subscription.toJSON();
  await callApi(pushContract.subscribePush, {
    body: {
      endpoint: endpoint ?? '',
      expirationTime: expirationTime ?? null,
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    },
  });
}

/**
 * Asks permission (from a click), subscribes this browser and stores the subscription for the signed-in account.
 * An endpoint another account still holds (it was signed out without being able to remove it) is answered 409
 * `endpoint_taken` (ADR 0048): this browser then drops that subscription and makes a new one, with a new endpoint.
 */
export async function subscribeDevice(): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await callApi(pushContract.getPushKey, {});
  // The shell registers the worker in production builds; registering again is a no-op that also covers development.
  await navigator.serviceWorker.register('/sw.js');
  const registration = await navigator.serviceWorker.ready;
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  const subscription = await registration.pushManager.subscribe(options);
  try {
    await store(subscription);
  } catch (error) {
    if (!isApiError(error) || error.code !== 'endpoint_taken') throw error;
    await subscription.unsubscribe();
    await store(await registration.pushManager.subscribe(options));
  }
  return 'on';
}

/** Forgets this browser on the server, then drops its subscription. */
export async function unsubscribeDevice(): Promise<PushDeviceState> {
  await removePushSubscription();
  return 'off';
}
