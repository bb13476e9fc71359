/**
 * The app's start-up files (entry, React, the router, the sign-in page and its texts), listed by the build in the
 * `cena-app-assets` JSON block of the documents that load the app ahead of use: the public pages prefetch them on
 * intent (app/islands/spa-prefetch.ts), the sign-in page's document preloads them once it has painted
 * (entry-client.tsx).
 */
import { readJsonBlock } from './text-template';

export const APP_ASSETS_ID = 'cena-app-assets';

/**
 * Adds a `<link rel>` for each listed file (scripts only for `modulepreload`); none when the document has no list.
 * Scripts are requested in CORS mode, as the app's module scripts are, so the cache entry is reused.
 */
export function linkAppAssets(rel: 'prefetch' | 'modulepreload'): void {
  if (!document.getElementById(APP_ASSETS_ID)) return;
  for (const href of readJsonBlock<string[]>(document, `#${APP_ASSETS_ID}`)) {
    const script = href.endsWith('.js');
    if (rel === 'modulepreload' && !script) continue;
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (script) link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
}
