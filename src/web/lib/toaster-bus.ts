/**
 * Lets <App> mount the (lazily loaded) sonner <Toaster> only once some chunk has imported
 * `components/ui/toaster` — so public pages that never toast never download sonner. Toasts fired before the
 * Toaster subscribes are replayed by sonner.
 */
import { useSyncExternalStore } from 'react';

let announced = false;
const listeners = new Set<() => void>();

export function announceToaster(): void {
  if (announced) return;
  announced = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasterNeeded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => announced,
    () => false,
  );
}
