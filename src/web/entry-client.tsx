import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { currentLanguage } from './app/i18n';
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

// Prerendered HTML is pt-BR: hydrate it only when the visitor reads pt-BR, after loading the page's chunks so the
// first client render matches the HTML without a Suspense fallback. Otherwise render from scratch.
if (container.hasAttribute('data-prerendered') && currentLanguage() === 'pt-BR') {
  await matchPreload(window.location.pathname);
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
