/**
 * The route table (every path of src/shared/routes.ts), code-split per route. `matchPreload(pathname)` loads the
 * chunks a path needs (layouts and page) so the prerender and the hydrating client render synchronously.
 */
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { ADMIN_PATH, NOT_FOUND_PATH } from '../../shared/routes';
import { type LazyPage, lazyPage } from './lazy-page';

// Layouts
const PublicLayout = lazyPage(() => import('./public-layout'));
/** TanStack Query + the routes that talk to the API: kept out of the public pages' JavaScript. */
const AppDataLayout = lazyPage(() => import('./app-data-layout'));
const RequireAuthLayout = lazyPage(() => import('./require-auth'));

// Public pages (features/public, features/faq)
const LandingPage = lazyPage(() => import('../features/public/pages/landing-page'));
const PricingPage = lazyPage(() => import('../features/public/pages/pricing-page'));
const HowItWorksPage = lazyPage(() => import('../features/public/pages/how-it-works-page'));
const FaqPage = lazyPage(() => import('../features/faq/faq-page'));
const TermsPage = lazyPage(() => import('../features/public/pages/terms-page'));
const PrivacyPage = lazyPage(() => import('../features/public/pages/privacy-page'));
const ContactPage = lazyPage(() => import('../features/public/pages/contact-page'));
const NotFoundPage = lazyPage(() => import('./not-found-page'));

// Accounts (placeholders until the accounts issue lands)
const LoginPage = lazyPage(() => import('./auth-login-page'));
const ResetPasswordPage = lazyPage(() => import('./auth-reset-password-page'));
const ComingSoonPage = lazyPage(() => import('./coming-soon-page'));

interface RouteHandle {
  preload: () => Promise<void>;
}

function page(path: string | undefined, Component: LazyPage, index = false): RouteObject {
  const handle: RouteHandle = { preload: Component.preload };
  return index ? { index: true, element: <Component />, handle } : { path, element: <Component />, handle };
}

function layout(Component: LazyPage, children: RouteObject[]): RouteObject {
  const handle: RouteHandle = { preload: Component.preload };
  return { element: <Component />, handle, children };
}

const DASHBOARD_CHILDREN = [
  'create',
  'confirmation',
  'history',
  'request/:id',
  'profile',
  'help',
  'settings',
  'buy-credits',
  'payment-success',
] as const;

export const routes: RouteObject[] = [
  layout(PublicLayout, [
    page(undefined, LandingPage, true),
    page('pricing', PricingPage),
    page('how-it-works', HowItWorksPage),
    page('faq', FaqPage),
    page('terms', TermsPage),
    page('privacy', PrivacyPage),
    page('contact', ContactPage),
    page(NOT_FOUND_PATH.slice(1), NotFoundPage),
    page('*', NotFoundPage),
  ]),
  { path: 'admin', element: <Navigate to={ADMIN_PATH} replace /> },
  layout(AppDataLayout, [
    page('auth/login', LoginPage),
    page('auth/reset-password', ResetPasswordPage),
    {
      ...layout(RequireAuthLayout, [
        page(undefined, ComingSoonPage, true),
        ...DASHBOARD_CHILDREN.map((path) => page(path, ComingSoonPage)),
      ]),
      path: 'dashboard',
    },
    // The admin-only guard (role check, 'Acesso negado' screen) comes with the accounts issue.
    { ...layout(RequireAuthLayout, [page(undefined, ComingSoonPage, true)]), path: ADMIN_PATH.slice(1) },
  ]),
];

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads every chunk (layouts + page) the path renders. By default it resolves even if a chunk fails (the page then
 * retries through React.lazy); `strict` rethrows (the prerender must not silently render a spinner).
 */
export async function matchPreload(
  pathname: string,
  { strict = false }: { strict?: boolean } = {},
): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) => {
      const preload = (match.route.handle as RouteHandle | undefined)?.preload();
      return strict ? preload : preload?.catch(() => undefined);
    }),
  );
}
