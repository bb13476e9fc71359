/**
 * Build-time prerender (`vite build --ssr src/web/entry-prerender.tsx`): `render(path, lang)` returns a public page's
 * HTML and title in `lang`, for scripts/build.ts to place in the page template, and `renderLoginPreview` the app's
 * sign-in page as it first appears (ADR 0010). The support e-mail and the video model render as placeholders
 * (`public-config.ts`), which the server replaces at serve time.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Language } from '#shared/language';
import { LOGIN_PATH } from '#shared/routes';
import i18n, { loadNamespaces } from '#web/app/i18n';
import { PUBLIC_NAMESPACES, type PublicPath, PublicSite } from '#web/app/public-site';
import LoginPage from '#web/features/accounts/pages/login-page';
import { withPrerenderedConfig } from '#web/lib/public-config';
import { takePrerenderedTitle } from '#web/lib/use-document-title';

export { FIRST_POSTER } from '#web/features/public/components/hero-carousel';

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

/**
 * The sign-in page as the app first renders it for a signed-out visitor (the 'Entrar' tab), in `lang`, with or
 * without Google sign-in. Only drawn, never hydrated: the app replaces it when it starts.
 */
export async function renderLoginPreview(lang: Language, googleEnabled: boolean): Promise<PrerenderedPage> {
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  await loadNamespaces(['accounts']);
  const html = withPrerenderedConfig({ googleEnabled }, () =>
    renderToString(
      <StrictMode>
        <QueryClientProvider client={new QueryClient()}>
          <StaticRouter location={LOGIN_PATH}>
            <LoginPage />
          </StaticRouter>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  return { html, title: takePrerenderedTitle() };
}
