/**
 * i18next set-up. Resources are bundled (no HTTP backend) and init is synchronous, so the prerender (Node, no
 * document) renders pt-BR text in the same tick. Namespaces: `common` (app shell), `public` and `faq` (public pages).
 *
 * Language: `?lang=en` / `?lang=pt` in the URL (remembered in localStorage `cena.lang`), else localStorage, else pt-BR.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import faqEn from '../features/faq/locales/en';
import faqPt from '../features/faq/locales/pt-BR';
import publicEn from '../features/public/locales/en';
import publicPt from '../features/public/locales/pt-BR';
import commonEn from './locales/en';
import commonPt from './locales/pt-BR';

export const LANGUAGES = ['pt-BR', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';
export const LANG_STORAGE_KEY = 'cena.lang';
export const NAMESPACES = ['common', 'public', 'faq'] as const;

export const resources = {
  'pt-BR': { common: commonPt, public: publicPt, faq: faqPt },
  en: { common: commonEn, public: publicEn, faq: faqEn },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['pt-BR'];
  }
}

/** Maps a `?lang=` value or stored value to a supported language (`pt`, `pt-BR`, `pt_br` → pt-BR; `en*` → en). */
export function parseLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v === 'pt' || v.startsWith('pt-') || v.startsWith('pt_')) return 'pt-BR';
  if (v === 'en' || v.startsWith('en-') || v.startsWith('en_')) return 'en';
  return null;
}

function readStored(): Language | null {
  try {
    return parseLanguage(window.localStorage.getItem(LANG_STORAGE_KEY));
  } catch {
    return null; // storage blocked (privacy mode, sandboxed iframe)
  }
}

function store(lang: Language): void {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // ignore: the choice just won't survive a reload
  }
}

/** The language to start with; stores a `?lang=` choice. Always pt-BR without a window (prerender). */
export function detectLanguage(search?: string): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  const fromUrl = parseLanguage(new URLSearchParams(search ?? window.location.search).get('lang'));
  if (fromUrl) {
    store(fromUrl);
    return fromUrl;
  }
  return readStored() ?? DEFAULT_LANGUAGE;
}

function applyHtmlLang(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Switches language, remembers it and updates `<html lang>`. */
export function setLanguage(lang: Language): void {
  if (typeof window !== 'undefined') store(lang);
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  applyHtmlLang(lang);
}

export function currentLanguage(): Language {
  return parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    resources,
    lng: detectLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    load: 'currentOnly',
    ns: NAMESPACES,
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  i18n.on('languageChanged', applyHtmlLang);
  applyHtmlLang(i18n.language);
}

export default i18n;
