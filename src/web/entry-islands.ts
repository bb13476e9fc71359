/**
 * The only script of the prerendered public pages (ADR 0004): it wires each page's interactive pieces — header and
 * mobile menu, hero carousel, pricing toggle and plan buttons, FAQ search — framework-free, and prefetches the app
 * for links into it. A page's own islands load on demand, so each page downloads just what it has.
 */
import { attachSiteHeader } from '#web/app/islands/site-header';
import { prefetchAppOnIntent } from '#web/app/islands/spa-prefetch';
import { watchViewer } from '#web/lib/viewer';

const ISLANDS: Record<string, () => Promise<(root: HTMLElement) => void>> = {
  'hero-carousel': () =>
    import('#web/features/public/islands/hero-carousel').then((m) => m.attachHeroCarousel),
  pricing: () => import('#web/features/public/islands/pricing').then((m) => m.attachPricing),
  'faq-search': () => import('#web/features/faq/islands/faq-search').then((m) => m.attachFaqSearch),
};

async function attachIslands(): Promise<void> {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (header) attachSiteHeader(header);
  watchViewer();
  const roots = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  await Promise.all(
    roots.map(async (root) => {
      const load = ISLANDS[root.dataset.island ?? ''];
      if (!load) throw new Error(`unknown island "${root.dataset.island}"`);
      (await load())(root);
    }),
  );
  prefetchAppOnIntent();
}

// In production the page links the stylesheet; the dev server (vite.config.ts) serves the pages without it.
if (import.meta.env.DEV) void import('./styles.css');

void attachIslands().then(() => {
  // Automation (and anything that must not act on inert HTML) waits for this, as on the app's pages.
  document.documentElement.dataset.app = 'ready';
});
