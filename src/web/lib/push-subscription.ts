import { pushContract } from '#shared/push.contract';
import { callApi } from './api';

/**
 * This browser's Web Push subscription on the app's service worker (ADR 0032, ADR 0038): read by the settings'
 * switch, and removed by it and by signing out. It lives here, below the features, because accounts (sign-out)
 * and settings (the switch) both need it and settings already imports accounts.
 */

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Forgets this browser on the server (the signed-in account's row only), then drops the subscription in the
 * browser even if the server could not be told: a dropped endpoint answers 404/410 at the next push, which
 * deletes the row (ADR 0038). A new subscription on this browser then has a new endpoint, free for any account
 * (ADR 0048: an endpoint stays with the account that stored it until that account removes it).
 */
export async function removePushSubscription(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  try {
    await callApi(pushContract.unsubscribePush, { body: { endpoint: subscription.endpoint } });
  } finally {
    await subscription.unsubscribe();
  }
}
