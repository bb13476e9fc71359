/**
 * The app's route table (the app paths of src/shared/routes.ts), code-split per route. `matchPreload(pathname)`
 * loads the chunks a path needs (layouts and page) so the first render is synchronous. The public pages are not
 * here: they are static prerendered pages (ADR 0004), so a link to one loads it as a document.
 */
import { useEffect } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { ADMIN_PATH } from '#shared/routes';
import { PageSpinner } from '#web/components/ui/spinner';
import { type LazyPage, lazyPage } from './lazy-page';

// Layouts
/** TanStack Query + the routes that talk to the API: kept out of the public pages' JavaScript. */
const AppDataLayout = lazyPage(() => import('./app-data-layout'));
const ACCOUNTS_NS = { namespaces: ['accounts'] } as const;
/** The shell shows the plan badge, so `billing` comes with it. */
const SHELL_NS = { namespaces: ['accounts', 'shell', 'credits', 'billing'] } as const;
/** The profile holds this device's notification switch (`settings`) and the way to Desenvolvedores (`developers`). */
const PROFILE_NS = { namespaces: ['accounts', 'billing', 'credits', 'settings', 'developers'] } as const;
const BILLING_NS = { namespaces: ['billing', 'credits'] } as const;
const RequireAuthLayout = lazyPage(
  () => import('#web/features/accounts/components/require-auth'),
  ACCOUNTS_NS,
);
const ShellLayout = lazyPage(() => import('#web/features/shell/pages/shell-layout'), SHELL_NS);
/** The age rule for accounts without a birth date (ADR 0066), around the pages that spend. */
const RequireAdultLayout = lazyPage(
  () => import('#web/features/accounts/components/require-adult'),
  ACCOUNTS_NS,
);
const RequireAdminLayout = lazyPage(
  () => import('#web/features/accounts/components/require-admin'),
  ACCOUNTS_NS,
);

// Accounts and the signed-in area (features/accounts, shell, credits, help, billing, videos, video-*)
const LoginPage = lazyPage(() => import('#web/features/accounts/pages/login-page'), ACCOUNTS_NS);
const ResetPasswordPage = lazyPage(
  () => import('#web/features/accounts/pages/reset-password-page'),
  ACCOUNTS_NS,
);
/** The dashboard home shows the plan badge card (`billing`) and the expiring-credits alert (`credits`). */
const DashboardHomePage = lazyPage(() => import('#web/features/dashboard/pages/dashboard-home-page'), {
  namespaces: ['dashboard', 'credits', 'billing', 'videos'],
});
/** Settings reuse the profile's language and time zone card (`accounts`). */
const SettingsPage = lazyPage(() => import('#web/features/settings/pages/settings-page'), {
  namespaces: ['settings', 'accounts'],
});
/** Perfil → Desenvolvedores (ADR 0063): the API keys, dates in the user's zone (`accounts`' useMe). */
const DevelopersPage = lazyPage(() => import('#web/features/developers/pages/developers-page'), {
  namespaces: ['developers', 'webhooks', 'accounts'],
});
const ProfilePage = lazyPage(() => import('./pages/profile'), PROFILE_NS);
const BuyCreditsPage = lazyPage(() => import('#web/features/billing/pages/buy-credits-page'), BILLING_NS);
const PaymentSuccessPage = lazyPage(
  () => import('#web/features/billing/pages/payment-success-page'),
  BILLING_NS,
);
const HelpPage = lazyPage(() => import('#web/features/help/pages/help-page'), {
  namespaces: ['help', 'faq'],
});
/** The create page shows the balance; both video pages use the `credits` formatting. */
const VIDEOS_NS = { namespaces: ['videos', 'credits', 'cast'] } as const;
const CreatePage = lazyPage(() => import('#web/features/videos/pages/create-page'), VIDEOS_NS);
/** The confirmation page offers notifications on this device (`settings`). */
const ConfirmationPage = lazyPage(() => import('#web/features/videos/pages/confirmation-page'), {
  namespaces: [...VIDEOS_NS.namespaces, 'settings'],
});
const CastPage = lazyPage(() => import('#web/features/cast/pages/cast-page'), { namespaces: ['cast'] });
/**
 * The history and a video's detail page show statuses and qualities from `videos` and credits from `credits`; a
 * story in the history says its status with the stories' own labels (`stories`).
 */
const VIDEO_HISTORY_NS = { namespaces: ['videoHistory', 'videos', 'credits', 'films', 'stories'] } as const;
const VIDEO_DETAIL_NS = { namespaces: ['videoDetail', 'videos', 'credits', 'films', 'captions'] } as const;
const HistoryPage = lazyPage(
  () => import('#web/features/video-history/pages/history-page'),
  VIDEO_HISTORY_NS,
);
const VideoDetailPage = lazyPage(
  () => import('#web/features/video-detail/pages/video-detail-page'),
  VIDEO_DETAIL_NS,
);
/** 'Montar filme' (ADR 0014): thumbnails and statuses from `videos`. */
const FilmBoardPage = lazyPage(() => import('#web/features/films/pages/film-board-page'), {
  namespaces: ['films', 'videos'],
});
/** 'Roteiro' (ADR 0062): charges ask with `videos`' ChargeConfirm and its buy sheet (`billing`, `credits`). */
const STORIES_NS = {
  namespaces: ['stories', 'videos', 'credits', 'billing', 'cast', 'videoDetail'],
} as const;
const StoriesPage = lazyPage(() => import('#web/features/stories/pages/stories-page'), STORIES_NS);
const StoryPage = lazyPage(() => import('#web/features/stories/pages/story-page'), STORIES_NS);
/** The admin panel names qualities and statuses from `videos`, packages, plan periods and statuses from `billing`. */
/** `/verificar` (ADR 0065): public, beside the sign-in pages. */
const VerifyPage = lazyPage(() => import('#web/features/verify'), {
  namespaces: ['verify'],
});
const AdminPanelPage = lazyPage(() => import('#web/features/admin/pages/admin-panel-page'), {
  namespaces: ['admin', 'videos', 'billing'],
});

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

/**
 * Any other path (the public pages, or an unknown one) is the server's: load it as a document. The server never
 * answers those paths with the app, so this cannot loop.
 */
function DocumentNavigation() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <PageSpinner />;
}

const routes: RouteObject[] = [
  { path: 'admin', element: <Navigate to={ADMIN_PATH} replace /> },
  layout(AppDataLayout, [
    page('auth/login', LoginPage),
    page('auth/reset-password', ResetPasswordPage),
    page('verificar', VerifyPage),
    // Authenticated-only guard → signed-in shell → pages.
    layout(RequireAuthLayout, [
      layout(ShellLayout, [
        {
          path: 'dashboard',
          children: [
            page(undefined, DashboardHomePage, true),
            page('profile', ProfilePage),
            page('developers', DevelopersPage),
            page('help', HelpPage),
            layout(RequireAdultLayout, [
              page('buy-credits', BuyCreditsPage),
              page('create', CreatePage),
              page('stories/:id', StoryPage),
            ]),
            page('payment-success', PaymentSuccessPage),
            page('confirmation', ConfirmationPage),
            page('history', HistoryPage),
            page('cast', CastPage),
            page('request/:id', VideoDetailPage),
            page('films/new', FilmBoardPage),
            page('stories', StoriesPage),
            page('settings', SettingsPage),
          ],
        },
        // Admin-only guard (role check with retries, 'Acesso negado' screen) around the admin panel.
        { ...layout(RequireAdminLayout, [page(undefined, AdminPanelPage, true)]), path: ADMIN_PATH.slice(1) },
      ]),
    ]),
  ]),
  { path: '*', element: <DocumentNavigation /> },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads every chunk (layouts + page) the path renders. It resolves even if a chunk fails (the page then retries
 * through React.lazy).
 */
export async function matchPreload(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload().catch(() => undefined)),
  );
}
