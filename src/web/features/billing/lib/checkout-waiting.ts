import { useSyncExternalStore } from 'react';
import type { PackageId } from '#shared/catalogue';

/**
 * The package whose checkout this tab opened in another tab and is waiting for, shared by every package list of
 * the tab (the purchase page's and the create page's sheet). It ends when the credits land (the realtime
 * `credits` event refreshes the balance), when the checkout is cancelled — the cancelled return page, in the
 * other tab, says so on a BroadcastChannel (same origin, html.spec.whatwg.org "Broadcasting to other browsing
 * contexts") — or when the buyer stops waiting.
 */

const CHANNEL = 'cena-checkout';
let waiting: PackageId | null = null;
const listeners = new Set<() => void>();

function set(value: PackageId | null): void {
  waiting = value;
  for (const listener of listeners) listener();
}

export const startWaiting = (id: PackageId) => set(id);
export const stopWaiting = () => set(null);

export function useCheckoutWaiting(): PackageId | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
      if (channel) channel.onmessage = (event) => event.data === 'canceled' && stopWaiting();
      return () => {
        listeners.delete(listener);
        channel?.close();
      };
    },
    () => waiting,
    () => null,
  );
}

/** Said by the page a cancelled checkout returns to, for the tab that opened it. */
export function announceCheckoutCanceled(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('canceled');
  channel.close();
}
