/**
 * Renders one signed-in page of the web app for a page-level test (happy-dom), inside the providers the app gives
 * it: i18next in pt-BR (src/web/app/app.tsx), TanStack Query (app-data-layout.tsx), a BrowserRouter on the page's
 * route (start-app.tsx) and sonner's Toaster, so what a user sees — toasts included — is on the screen. The
 * network is the fake of ./web-api.ts; the only other stand-in is the tab a checkout opens (`fakeTab`).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, expect, vi } from 'vitest';
import { loadNamespaces, type PageNamespace } from '#web/app/i18n';
import { Toaster } from '#web/components/ui/toaster';
import { type FakeApi, fakeApi } from './web-api';
import i18n from './web-i18n';

/** Where the router is now: a test reads a navigation here. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location" hidden>{`${pathname}${search}`}</output>;
}

interface PageOptions {
  /** The route the page is mounted on, e.g. `/dashboard/request/:id`. */
  route: string;
  /** The address opened, e.g. `/dashboard/request/abc`. */
  url: string;
  /** The i18n namespaces its route loads (src/web/app/route-table.tsx). */
  namespaces: readonly PageNamespace[];
}

/**
 * Starts a page test: installs the fake API as `fetch` and returns it with `renderPage`, which renders the page
 * once its namespaces are loaded. After each test the page is unmounted, its local storage emptied, and every request
 * must have been one the test answered.
 */
export function pageTest(): {
  api: () => FakeApi;
  renderPage: (page: ReactElement, options: PageOptions) => Promise<void>;
  /** The rendered page's query cache: a test stands in for a realtime event by invalidating it. */
  queryClient: () => QueryClient;
} {
  let api = fakeApi();
  let queryClient: QueryClient | undefined;
  afterEach(() => {
    cleanup();
    // After the page is gone, so nothing it still had in flight writes into the next test's storage.
    window.localStorage.clear();
    queryClient?.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    expect(api.unexpected, 'requests the test did not answer').toEqual([]);
    api = fakeApi();
  });
  return {
    api: () => api,
    queryClient: () => {
      if (!queryClient) throw new Error('render the page first');
      return queryClient;
    },
    async renderPage(page, { route, url, namespaces }) {
      vi.stubGlobal('fetch', api.fetch);
      await i18n.changeLanguage('pt-BR');
      await loadNamespaces(namespaces);
      window.history.replaceState(null, '', url);
      // The app's defaults (src/web/app/query-client.ts), without the wait between retries: a test is not a network.
      queryClient = new QueryClient({
        defaultOptions: {
          queries: { staleTime: 30_000, retry: 1, retryDelay: 0, refetchOnWindowFocus: false },
        },
      });
      render(
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <Routes>
                <Route path={route} element={page} />
                <Route path="*" element={null} />
              </Routes>
              <LocationProbe />
            </BrowserRouter>
            <Toaster />
          </QueryClientProvider>
        </I18nextProvider>,
      );
    },
  };
}

/**
 * The tab a checkout opens (src/web/lib/new-tab.ts): `window.open` answers this stand-in, so the test reads where
 * the tab was sent and whether it was closed, and happy-dom never loads the provider's page.
 */
export function fakeTab() {
  const tab = { closed: false, opener: null as unknown, location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return tab;
}
