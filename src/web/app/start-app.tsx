import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { i18nReady } from './i18n';
import { matchPreload } from './route-table';

/**
 * Renders the app into `container`. The page's chunks and texts load first, so the first render is synchronous and
 * shows no spinner flash; it runs in a transition, which lets React render in slices that yield to the browser
 * (input, paint) instead of one long task. Until it commits, the prerendered copy of the page, if any, stays.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  await Promise.all([i18nReady, matchPreload(window.location.pathname)]);
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}
