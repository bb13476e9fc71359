import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { i18nReady } from './app/i18n';
import { matchPreload } from './app/routes';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** A hidden tab paints no frame: the app starts after this long without one. */
const PAINT_WAIT_MS = 100;

/** Resolves once the browser has painted a frame: the prerendered sign-in page (ADR 0006) shows before the app runs. */
const firstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, PAINT_WAIT_MS);
  });

// Load the page's chunks and texts first, so the first render is synchronous and shows no spinner flash.
await Promise.all([i18nReady, matchPreload(window.location.pathname), firstPaint()]);
// A transition lets React render in slices that yield to the browser (input, paint) instead of one long task;
// until it commits, the prerendered copy of the page, if any, stays on screen.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
});
