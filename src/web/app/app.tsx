/**
 * The app (auth, dashboard, admin): i18n, error boundary, routes, and the toaster. TanStack Query's provider is
 * mounted by the `AppDataLayout` route; sonner is loaded only once some chunk uses `toast`. The public pages are
 * static (public-site.tsx, ADR 0004).
 */
import { lazy, Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useLocation } from 'react-router';
import { takeFlashToast } from '#web/lib/flash-toast';
import { useToasterNeeded } from '#web/lib/toaster-bus';
import { ErrorBoundary } from './error-boundary';
import i18n, { parseLanguage, setLanguage } from './i18n';
import { AppRoutes } from './route-table';

const Toaster = lazy(() => import('#web/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Client-side navigation to a `?lang=` URL switches the language too (the first load is handled in i18n.ts). */
function LanguageFromUrl() {
  const { search } = useLocation();
  useEffect(() => {
    const lang = parseLanguage(new URLSearchParams(search).get('lang'));
    if (lang) void setLanguage(lang);
  }, [search]);
  return null;
}

/** Scroll to the top on a new page, or to the `#anchor` when there is one. */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose for each new pathname
  useEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/**
 * Marks the document once React has taken over the (possibly prerendered) page, so automation — and anything that
 * must not act on inert HTML — can wait for it.
 */
function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

/** Shows the toast a static public page left for this page load (e.g. the pricing page's 'Login necessário'). */
function FlashToast() {
  useEffect(() => {
    const flash = takeFlashToast();
    if (!flash) return;
    void import('#web/components/ui/toaster').then(({ toast }) => {
      toast[flash.kind](flash.title, { description: flash.description });
    });
  }, []);
  return null;
}

function LazyToaster() {
  const needed = useToasterNeeded();
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary>
        <LanguageFromUrl />
        <ScrollManager />
        <AppRoutes />
        <LazyToaster />
        <FlashToast />
        <ReadyMarker />
      </ErrorBoundary>
    </I18nextProvider>
  );
}
