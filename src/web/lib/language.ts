import i18n from 'i18next';
import {
  DEFAULT_LANGUAGE,
  LANG_COOKIE,
  type Language,
  languageCookie,
  languageFromCookie,
  parseLanguage,
} from '#shared/language';

/**
 * The reader's language, for any part of the web: what i18next shows now, and the switch that remembers a choice
 * (the `cena.lang` cookie the server reads for static pages, and localStorage). It uses i18next's own instance,
 * which `app/i18n.ts` configures at start, so features read and change the language without importing the app.
 */

export function storedLanguage(): Language | null {
  const fromCookie = languageFromCookie(document.cookie);
  if (fromCookie) return fromCookie;
  try {
    return parseLanguage(window.localStorage.getItem(LANG_COOKIE));
  } catch {
    return null; // storage blocked (privacy mode, sandboxed iframe)
  }
}

export function storeLanguage(lang: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = languageCookie(lang);
  try {
    window.localStorage.setItem(LANG_COOKIE, lang);
  } catch {
    // ignore: the cookie keeps the choice
  }
}

export function applyHtmlLang(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function currentLanguage(): Language {
  return parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Switches language (after loading the new language's texts for every namespace in use), remembers it and updates
 * `<html lang>`.
 */
export async function setLanguage(lang: Language): Promise<void> {
  if (typeof window !== 'undefined') storeLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  applyHtmlLang(lang);
}
