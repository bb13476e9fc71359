import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { i18nReady } from './app/i18n';
import { matchPreload } from './app/routes';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Load the page's chunks and texts first, so the first render is synchronous and shows no spinner flash.
await Promise.all([i18nReady, matchPreload(window.location.pathname)]);
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
