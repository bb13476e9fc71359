/**
 * i18next set-up. Namespaces: `common` (app shell, in every page's JavaScript), `public` / `faq` (public pages) and
 * `accounts` / `shell` / `credits` / `help` / `billing` / `videos` / `videoHistory` / `videoDetail` / `films` / `stories` / `captions` /
 * `cast` / `dashboard` / `settings` / `developers` / `webhooks` (sign-in pages and the signed-in area), `admin` (the
 * admin panel) and `verify` (the public check of a video's Content Credentials).
 *
 * All resources are bundled by Vite (no HTTP backend). pt-BR `common` is imported statically; everything else is
 * imported per language on demand through a tiny backend, so a page only downloads its own namespaces in the
 * active language (pt-BR visitors never download English text). Routes list their namespaces and `matchPreload`
 * loads them before the first render (the prerender loads the public pages' own), so rendering stays synchronous. Init is synchronous
 * (`initAsync: false`).
 *
 * Language: `?lang=en` / `?lang=pt` in the URL, else the `cena.lang` cookie (which the server also reads to serve
 * the prerendered public pages in that language), else localStorage (where earlier versions kept it), else pt-BR.
 */
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, parseLanguage } from '#shared/language';
import type accountsPt from '#web/features/accounts/locales/pt-BR';
import type adminPt from '#web/features/admin/locales/pt-BR';
import type billingPt from '#web/features/billing/locales/pt-BR';
import type captionsPt from '#web/features/captions/locales/pt-BR';
import type castPt from '#web/features/cast/locales/pt-BR';
import type creditsPt from '#web/features/credits/locales/pt-BR';
import type dashboardPt from '#web/features/dashboard/locales/pt-BR';
import type developersPt from '#web/features/developers/locales/pt-BR';
import type webhooksPt from '#web/features/developers-webhooks/locales/pt-BR';
import type faqPt from '#web/features/faq/locales/pt-BR';
import type filmsPt from '#web/features/films/locales/pt-BR';
import type helpPt from '#web/features/help/locales/pt-BR';
import type publicPt from '#web/features/public/locales/pt-BR';
import type settingsPt from '#web/features/settings/locales/pt-BR';
import type shellPt from '#web/features/shell/locales/pt-BR';
import type storiesPt from '#web/features/stories/locales/pt-BR';
import type verifyPt from '#web/features/verify/locales/pt-BR';
import type videoDetailPt from '#web/features/video-detail/locales/pt-BR';
import type videoHistoryPt from '#web/features/video-history/locales/pt-BR';
import type videosPt from '#web/features/videos/locales/pt-BR';
import { applyHtmlLang, storedLanguage, storeLanguage } from '#web/lib/language';
import commonPt from './locales/pt-BR';

export { currentLanguage, setLanguage } from '#web/lib/language';
export { LANGUAGES, parseLanguage };

const NAMESPACES = [
  'common',
  'public',
  'faq',
  'accounts',
  'shell',
  'credits',
  'help',
  'billing',
  'videos',
  'cast',
  'videoHistory',
  'videoDetail',
  'films',
  'stories',
  'captions',
  'dashboard',
  'settings',
  'developers',
  'admin',
  'webhooks',
  'verify',
] as const;
type Namespace = (typeof NAMESPACES)[number];
/** Namespaces a page loads on demand (`common` is always there). */
export type PageNamespace = Exclude<Namespace, 'common'>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof commonPt;
      public: typeof publicPt;
      faq: typeof faqPt;
      accounts: typeof accountsPt;
      shell: typeof shellPt;
      credits: typeof creditsPt;
      help: typeof helpPt;
      billing: typeof billingPt;
      videos: typeof videosPt;
      cast: typeof castPt;
      dashboard: typeof dashboardPt;
      settings: typeof settingsPt;
      developers: typeof developersPt;
      videoHistory: typeof videoHistoryPt;
      videoDetail: typeof videoDetailPt;
      films: typeof filmsPt;
      stories: typeof storiesPt;
      captions: typeof captionsPt;
      admin: typeof adminPt;
      webhooks: typeof webhooksPt;
      verify: typeof verifyPt;
    };
  }
}

type Loader = () => Promise<{ default: object }>;

const loaders: Record<Language, Record<Namespace, Loader>> = {
  'pt-BR': {
    common: () => Promise.resolve({ default: commonPt }),
    public: () => import('#web/features/public/locales/pt-BR'),
    faq: () => import('#web/features/faq/locales/pt-BR'),
    accounts: () => import('#web/features/accounts/locales/pt-BR'),
    shell: () => import('#web/features/shell/locales/pt-BR'),
    credits: () => import('#web/features/credits/locales/pt-BR'),
    help: () => import('#web/features/help/locales/pt-BR'),
    billing: () => import('#web/features/billing/locales/pt-BR'),
    videos: () => import('#web/features/videos/locales/pt-BR'),
    cast: () => import('#web/features/cast/locales/pt-BR'),
    dashboard: () => import('#web/features/dashboard/locales/pt-BR'),
    settings: () => import('#web/features/settings/locales/pt-BR'),
    developers: () => import('#web/features/developers/locales/pt-BR'),
    videoHistory: () => import('#web/features/video-history/locales/pt-BR'),
    videoDetail: () => import('#web/features/video-detail/locales/pt-BR'),
    films: () => import('#web/features/films/locales/pt-BR'),
    stories: () => import('#web/features/stories/locales/pt-BR'),
    captions: () => import('#web/features/captions/locales/pt-BR'),
    admin: () => import('#web/features/admin/locales/pt-BR'),
    webhooks: () => import('#web/features/developers-webhooks/locales/pt-BR'),
    verify: () => import('#web/features/verify/locales/pt-BR'),
  },
  en: {
    common: () => import('./locales/en'),
    public: () => import('#web/features/public/locales/en'),
    faq: () => import('#web/features/faq/locales/en'),
    accounts: () => import('#web/features/accounts/locales/en'),
    shell: () => import('#web/features/shell/locales/en'),
    credits: () => import('#web/features/credits/locales/en'),
    help: () => import('#web/features/help/locales/en'),
    billing: () => import('#web/features/billing/locales/en'),
    videos: () => import('#web/features/videos/locales/en'),
    cast: () => import('#web/features/cast/locales/en'),
    dashboard: () => import('#web/features/dashboard/locales/en'),
    settings: () => import('#web/features/settings/locales/en'),
    developers: () => import('#web/features/developers/locales/en'),
    videoHistory: () => import('#web/features/video-history/locales/en'),
    videoDetail: () => import('#web/features/video-detail/locales/en'),
    films: () => import('#web/features/films/locales/en'),
    stories: () => import('#web/features/stories/locales/en'),
    captions: () => import('#web/features/captions/locales/en'),
    admin: () => import('#web/features/admin/locales/en'),
    webhooks: () => import('#web/features/developers-webhooks/locales/en'),
    verify: () => import('#web/features/verify/locales/en'),
  },
};

/** An i18next backend over Vite's dynamic imports (the files are bundled, not fetched from an API). */
const bundledBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const lang = parseLanguage(language);
    const loader = lang ? loaders[lang][namespace as Namespace] : undefined;
    if (!loader) {
      callback(null, {}); // unknown language/namespace: nothing to load (fallbacks apply)
      return;
    }
    loader().then(
      (mod) => callback(null, mod.default as Record<string, unknown>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The language to start with; stores a `?lang=` choice. Always pt-BR without a window (prerender). */
function detectLanguage(search?: string): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  const fromUrl = parseLanguage(new URLSearchParams(search ?? window.location.search).get('lang'));
  if (fromUrl) {
    storeLanguage(fromUrl);
    return fromUrl;
  }
  return storedLanguage() ?? DEFAULT_LANGUAGE;
}

/** Loads page namespaces in the active language (and pt-BR, the fallback). Resolves at once when loaded. */
export function loadNamespaces(namespaces: readonly PageNamespace[]): Promise<void> {
  if (namespaces.length === 0) return Promise.resolve();
  if (namespaces.every((ns) => i18n.hasLoadedNamespace(ns))) return Promise.resolve();
  return i18n.loadNamespaces([...namespaces]).then(() => undefined);
}

/**
 * Resolves once the start-up language's `common` texts are in (at once for pt-BR; English is a small chunk).
 * The entry awaits it before the first render.
 */
export let i18nReady: Promise<void> = Promise.resolve();

if (!i18n.isInitialized) {
  i18nReady = i18n
    .use(bundledBackend)
    .use(initReactI18next)
    .init({
      resources: { 'pt-BR': { common: commonPt } },
      partialBundledLanguages: true,
      lng: detectLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    })
    .then(
      () => undefined,
      () => undefined, // a failed chunk leaves pt-BR (the fallback) in place
    );
  i18n.on('languageChanged', applyHtmlLang);
  applyHtmlLang(i18n.language);
}

export default i18n;
