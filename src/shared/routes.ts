/**
 * The spec's route table (§2), shared by the server (which paths are real pages, which get the 404 page and
 * status) and the web router.
 */

import { DEFAULT_LANGUAGE, type Language } from './language';

export const ADMIN_PATH = '/admin-x7k9m2';

/** Public pages prerendered to static HTML at build time. */
export const PRERENDERED_PATHS = [
  '/',
  '/pricing',
  '/how-it-works',
  '/faq',
  '/terms',
  '/privacy',
  '/contact',
] as const;

/** The app's sign-in page, the usual way into it from a public page. */
export const LOGIN_PATH = '/auth/login';

/** The 'Criar Conta' tab of the sign-in page: the landing's way in. */
export const SIGN_UP_PATH = `${LOGIN_PATH}?tab=signup`;

/** The search parameters a plan chosen on /pricing while signed out travels in to the dashboard, which buys it. */
export const CHOSEN_PLAN_PARAMS = { plan: 'plan', period: 'period', method: 'pay' } as const;

/** "Renovar por Pix" (ADR 0042): the dashboard, signed in, goes straight to the Pix checkout of this plan. */
export function renewByPixPath(planId: string, period: string): string {
  return `/dashboard?${new URLSearchParams({
    [CHOSEN_PLAN_PARAMS.plan]: planId,
    [CHOSEN_PLAN_PARAMS.period]: period,
    [CHOSEN_PLAN_PARAMS.method]: 'pix',
  }).toString()}`;
}

/**
 * Where a signed-out visitor's plan click leads: the 'Criar Conta' tab, whose sign-up (and e-mail confirmation)
 * goes on to the dashboard with the plan kept, or whose 'Entrar' goes there too.
 */
export function signUpForPlanPath(planId: string, period: string): string {
  const next = `/dashboard?${new URLSearchParams({ [CHOSEN_PLAN_PARAMS.plan]: planId, [CHOSEN_PLAN_PARAMS.period]: period }).toString()}`;
  return `${LOGIN_PATH}?${new URLSearchParams({ tab: 'signup', next }).toString()}`;
}

/** Every other path the SPA renders (":id" is one path segment). */
const APP_PATHS = [
  LOGIN_PATH,
  '/auth/reset-password',
  '/dashboard',
  '/dashboard/create',
  '/dashboard/confirmation',
  '/dashboard/history',
  '/dashboard/cast',
  '/dashboard/request/:id',
  '/dashboard/films/new',
  '/dashboard/stories',
  '/dashboard/stories/:id',
  '/dashboard/profile',
  '/dashboard/developers',
  '/dashboard/help',
  '/dashboard/settings',
  '/dashboard/buy-credits',
  '/dashboard/payment-success',
  ADMIN_PATH,
  /** The public check of a video's Content Credentials (ADR 0065). */
  '/verificar',
] as const;

/** Path the 404 page is prerendered at; served with HTTP 404 for every unknown path. */
export const NOT_FOUND_PATH = '/404';

/**
 * Where the build writes a prerendered page, relative to the web build's folder: pt-BR at the page's own path
 * (`index.html`, `pricing/index.html`, `404.html`), other languages under `_{lang}/`.
 */
export function prerenderedFile(pagePath: string, lang: Language = DEFAULT_LANGUAGE): string {
  const prefix = lang === DEFAULT_LANGUAGE ? '' : `_${lang}/`;
  if (pagePath === '/') return `${prefix}index.html`;
  if (pagePath === NOT_FOUND_PATH) return `${prefix}404.html`;
  return `${prefix}${pagePath.slice(1)}/index.html`;
}

/**
 * Where the build writes the sign-in page's document: the app's shell with the page drawn in (ADR 0010), per
 * language and per Google sign-in availability (its button and hint differ), in the `prerenderedFile` layout.
 */
export function loginPreviewFile(lang: Language, googleEnabled: boolean): string {
  const prefix = lang === DEFAULT_LANGUAGE ? '' : `_${lang}/`;
  return `${prefix}_login${googleEnabled ? '-google' : ''}.html`;
}

function normalise(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.split('/');
  return a.length === b.length && a.every((part, i) => (part.startsWith(':') ? b[i] !== '' : part === b[i]));
}

export function isPrerenderedPath(pathname: string): boolean {
  return (PRERENDERED_PATHS as readonly string[]).includes(normalise(pathname));
}

/** A page of the app (auth, dashboard, admin), as opposed to a prerendered public page. */
export function isAppPath(pathname: string): boolean {
  const path = normalise(pathname);
  return APP_PATHS.some((pattern) => matches(pattern, path));
}

export function isKnownPagePath(pathname: string): boolean {
  const path = normalise(pathname);
  return isPrerenderedPath(path) || APP_PATHS.some((pattern) => matches(pattern, path));
}
