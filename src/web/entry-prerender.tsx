/**
 * Build-time prerender (`vite build --ssr src/web/entry-prerender.tsx`): `render(path, lang)` returns a public page's
 * HTML and title in `lang`, for scripts/build.ts to place in the page template. The support e-mail and the video
 * model render as placeholders (`public-config.ts`), which the server replaces at serve time.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Language } from '../shared/language';
import i18n, { loadNamespaces } from './app/i18n';
import { PUBLIC_NAMESPACES, type PublicPath, PublicSite } from './app/public-site';
import { takePrerenderedTitle } from './app/use-document-title';

export { FIRST_POSTER } from './features/public/components/hero-carousel';

export interface PrerenderedPage {
  html: string;
  title: string | null;
}

export async function render(path: PublicPath, lang: Language): Promise<PrerenderedPage> {
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  await loadNamespaces(PUBLIC_NAMESPACES);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <PublicSite path={path} />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, title: takePrerenderedTitle() };
}
