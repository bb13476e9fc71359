/**
 * The app's start-up files (entry, React, the router, the sign-in page and its texts), listed by the build in the
 * `cena-app-assets` JSON block of the documents that load the app ahead of use: the public pages prefetch them on
 * intent (app/islands/spa-prefetch.ts), the sign-in page's document preloads them once it has painted
 * (entry-client.tsx).
 */
import { readJsonBlock } from './text-template';

export const APP_ASSETS_ID = 'cena-app-assets';
/** On public pages: the large files of that list, prefetched when idle (ADR 0012). */
export const APP_ASSETS_IDLE_ID = 'cena-app-assets-idle';

/**
 * Starting a request is not free in the browser: on a mid-range phone each `<link>` costs a few milliseconds, so
 * ~40 of them inserted at once are a long task that blocks input (Lighthouse's TBT). They go in two at a time, each
 * pair in its own task; a message-channel hop yields to the browser without `setTimeout`'s 4 ms clamp.
 */
const LINKS_PER_TASK = 2;

const linked = new Set<string>();

function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Adds a `<link rel>` for each file of the list `listId` (scripts only for `modulepreload`), a few per task; none
 * when the document has no such list. Scripts are requested in CORS mode, as the app's module scripts are, so the
 * cache entry is reused; a file linked before is not linked again. Resolves once every link is in.
 */
export async function linkAppAssets(
  rel: 'prefetch' | 'modulepreload',
  listId: string = APP_ASSETS_ID,
): Promise<void> {
  if (!document.getElementById(listId)) return;
  const hrefs = readJsonBlock<string[]>(document, `#${listId}`).filter(
    (href) => (rel !== 'modulepreload' || href.endsWith('.js')) && !linked.has(href),
  );
  for (const href of hrefs) linked.add(href);
  for (let start = 0; start < hrefs.length; start += LINKS_PER_TASK) {
    if (start > 0) await nextTask();
    for (const href of hrefs.slice(start, start + LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = rel;
      link.href = href;
      if (href.endsWith('.js')) link.crossOrigin = 'anonymous';
      document.head.append(link);
    }
  }
}
