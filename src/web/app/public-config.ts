/**
 * Runtime configuration the server injects into every HTML response as
 * `<script type="application/json" id="cena-config">{"supportEmail":"…"}</script>` (at the `<!--cena-config-->`
 * marker in index.html). Prerendered HTML is built without it, so the prerender renders the placeholder below,
 * which the server replaces in the HTML text at serve time.
 */

export interface PublicConfig {
  supportEmail: string;
}

export const SUPPORT_EMAIL_PLACEHOLDER = '__CENA_SUPPORT_EMAIL__';
export const PUBLIC_CONFIG_ELEMENT_ID = 'cena-config';

const placeholder: PublicConfig = { supportEmail: SUPPORT_EMAIL_PLACEHOLDER };
let cached: PublicConfig | null = null;

function read(): PublicConfig {
  if (typeof document === 'undefined') return placeholder;
  const el = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  if (!el?.textContent) return placeholder;
  try {
    const data: unknown = JSON.parse(el.textContent);
    const supportEmail =
      data && typeof data === 'object' && 'supportEmail' in data && typeof data.supportEmail === 'string'
        ? data.supportEmail
        : '';
    return { supportEmail: supportEmail || placeholder.supportEmail };
  } catch {
    return placeholder;
  }
}

export function getPublicConfig(): PublicConfig {
  if (typeof document === 'undefined') return placeholder; // prerender: never cache across renders
  cached ??= read();
  return cached;
}

/** The public config for components. Stable for the page's lifetime (the tag never changes after load). */
export function usePublicConfig(): PublicConfig {
  return getPublicConfig();
}
