import { useEffect } from 'react';

/**
 * Registers the service worker (/sw.js, ADR 0032) from the signed-in app: installable, with an offline page. Only in
 * a production build: the dev server's modules are not hashed, and a worker would only get in the way there.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    // A failed registration leaves the app as it is without the worker: nothing to tell the user.
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  }, []);
}
