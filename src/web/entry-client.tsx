import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { currentLanguage, i18nReady } from './app/i18n';
import { matchPreload } from './app/routes';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Load the page's chunks and texts first, so the first render is synchronous: it matches prerendered HTML without a
// Suspense fallback, and a fresh render shows no spinner flash. Prerendered HTML is pt-BR, so it is hydrated only
// when the visitor reads pt-BR; otherwise it is replaced.
await Promise.all([i18nReady, matchPreload(window.location.pathname)]);
if (container.hasAttribute('data-prerendered') && currentLanguage() === 'pt-BR') {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
