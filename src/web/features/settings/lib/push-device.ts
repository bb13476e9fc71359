import { pushContract } from '#shared/push.contract';
import { callApi } from '#web/lib/api';

/**
 * This browser's Web Push subscription (ADR 0038), through the Push API
 * (https://www.w3.org/TR/push-api/#pushmanager-interface) on the app's service worker (/sw.js, ADR 0032).
 * Permission is asked only from a click (browsers block or penalise a prompt on load), and a denied permission is
 * never asked again: only the browser's site settings can undo it.
 */

/** Where this device stands: no Push API, blocked by the user, or on / off for this account. */
export type PushDeviceState = 'unsupported' | 'denied' | 'off' | 'on';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function existingSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await existingSubscription()) ? 'on' : 'off';
}

/** The VAPID key as `applicationServerKey` wants it: the 65 bytes of the base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Asks permission (from a click), subscribes this browser and stores the subscription for the signed-in account. */
export async function subscribeDevice(): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await callApi(pushContract.getPushKey, {});
  // The shell registers the worker in production builds; registering again is a no-op that also covers development.
  await navigator.serviceWorker.register('/sw.js');
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const { endpoint, keys, expirationTime } = subscription.toJSON();
  await callApi(pushContract.subscribePush, {
    body: {
      endpoint: endpoint ?? '',
      expirationTime: expirationTime ?? null,
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    },
  });
  return 'on';
}

/** Forgets this browser on the server, then drops its subscription. */
export async function unsubscribeDevice(): Promise<PushDeviceState> {
  const subscription = await existingSubscription();
  if (subscription) {
    await callApi(pushContract.unsubscribePush, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
