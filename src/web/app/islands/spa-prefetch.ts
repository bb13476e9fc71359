/**
 * The static public pages do not load the app (auth, dashboard, admin); links into it fetch its files ahead so the
 * next page starts at once: all of them on hover, focus or touch of such a link, the few large ones once the browser
 * is idle after load if such a link is on screen. The files are only downloaded into the HTTP cache
 * (`rel=prefetch`, lowest priority), never run here. Their lists are written by the build (lib/app-assets.ts).
 */
import { isAppPath } from '#shared/routes';
import { APP_ASSETS_ID, APP_ASSETS_IDLE_ID, linkAppAssets } from '#web/lib/app-assets';

/** After load, how long to wait for an idle moment before prefetching anyway. */
const IDLE_TIMEOUT_MS = 3000;

/** On a sign of intent: every start-up file (each is linked once, whatever asks for it). */
function prefetchApp(): void {
  void linkAppAssets('prefetch');
}

/** When idle with a link into the app on screen: only the large files (ADR 0012). */
function prefetchLargeFiles(): void {
  void linkAppAssets('prefetch', APP_ASSETS_IDLE_ID);
}

function isAppLink(target: EventTarget | null): boolean {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  return (
    link instanceof HTMLAnchorElement && link.origin === window.location.origin && isAppPath(link.pathname)
  );
}

function whenIdle(run: () => void): void {
  // Safari has no requestIdleCallback.
  const start = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(run, IDLE_TIMEOUT_MS);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

export function prefetchAppOnIntent(): void {
  if (!document.getElementById(APP_ASSETS_ID)) return;
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    document.addEventListener(
      type,
      (event) => {
        if (isAppLink(event.target)) prefetchApp();
      },
      { passive: true },
    );
  }
  const appLinks = [...document.querySelectorAll('a[href]')].filter((link) => isAppLink(link));
  if (appLinks.length === 0 || !('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      observer.disconnect();
      whenIdle(prefetchLargeFiles);
    }
  });
  for (const link of appLinks) observer.observe(link);
}
