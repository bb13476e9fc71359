/**
 * Build-time prerender (`vite build --ssr src/web/entry-prerender.tsx`): `render(url)` returns the app's HTML for
 * `url` in pt-BR, to be placed at `<!--app-html-->` in index.html with `data-prerendered` on #root.
 * The support e-mail and the video model render as placeholders (`public-config.ts`), which the server replaces at
 * serve time.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import i18n, { DEFAULT_LANGUAGE } from './app/i18n';
import { matchPreload } from './app/routes';

export async function render(url: string): Promise<string> {
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
  const { pathname } = new URL(url, 'http://localhost');
  await matchPreload(pathname, { strict: true });
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
