/**
 * The interface languages, shared by the web app and the server. The server picks the prerendered public page of
 * the visitor's language from `?lang=` or the `cena.lang` cookie (static pages cannot read localStorage), and the
 * app writes that cookie whenever the language changes.
 */

export const LANGUAGES = ['pt-BR', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';
export const LANG_COOKIE = 'cena.lang';
/** A language choice is remembered for a year. */
const LANG_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Maps a `?lang=` value or stored value to a supported language (`pt`, `pt-BR`, `pt_br` → pt-BR; `en*` → en). */
export function parseLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v === 'pt' || v.startsWith('pt-') || v.startsWith('pt_')) return 'pt-BR';
  if (v === 'en' || v.startsWith('en-') || v.startsWith('en_')) return 'en';
  return null;
}

/** The language cookie's value in a `Cookie` header (or `document.cookie`), if any. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LANG_COOKIE) return parseLanguage(decodeURIComponent(value.join('=')));
  }
  return null;
}

/** `Set-Cookie` / `document.cookie` text remembering `lang` site-wide. */
export function languageCookie(lang: Language): string {
  return `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** The landing's model chip in local mode, in each language (the server writes it into each language's page). */
const LOCAL_PREVIEW_LABEL: Record<Language, string> = { 'pt-BR': 'Prévia local', en: 'Local preview' };

/** A model label as the `language` reader sees it: the local preview's is translated, a model's name is not. */
export function localizedModelLabel(label: string, language: Language): string {
  return Object.values(LOCAL_PREVIEW_LABEL).includes(label) ? LOCAL_PREVIEW_LABEL[language] : label;
}
