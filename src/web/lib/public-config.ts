/**
 * Runtime configuration the server injects into every HTML response as
 * `<script type="application/json" id="cena-config">{"supportEmail":"…","googleEnabled":false,"devMailbox":false,"videoModel":"…"}</script>`
 * (at the `<!--cena-config-->` marker in index.html). Prerendered HTML is built without it, so the prerender renders
 * the placeholders below, which the server replaces in the HTML text at serve time.
 *
 * Safe defaults when a field is missing: Google sign-in off, no dev mailbox.
 */

export interface PublicConfig {
  supportEmail: string;
  /** Google sign-in is configured on the server (`GOOGLE_CLIENT_ID`/`SECRET`). */
  googleEnabled: boolean;
  /** Local mode: sent e-mails are readable at /dev/mailbox. */
  devMailbox: boolean;
  /** The model family the server really generates with (`VIDEO_PROVIDER` and its model id). */
  videoModel: string;
}

const SUPPORT_EMAIL_PLACEHOLDER = '__CENA_SUPPORT_EMAIL__';
const VIDEO_MODEL_PLACEHOLDER = '__CENA_VIDEO_MODEL__';
const PUBLIC_CONFIG_ELEMENT_ID = 'cena-config';

const placeholder: PublicConfig = {
  supportEmail: SUPPORT_EMAIL_PLACEHOLDER,
  googleEnabled: false,
  devMailbox: false,
  videoModel: VIDEO_MODEL_PLACEHOLDER,
};
let cached: PublicConfig | null = null;

function field<T>(data: object, key: string, type: 'string' | 'boolean', fallback: T): T {
  const value = (data as Record<string, unknown>)[key];
  return typeof value === type ? (value as T) : fallback;
}

function read(): PublicConfig {
  if (typeof document === 'undefined') return placeholder;
  const el = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  if (!el?.textContent) return placeholder;
  try {
    const data: unknown = JSON.parse(el.textContent);
    if (!data || typeof data !== 'object') return placeholder;
    return {
      supportEmail: field(data, 'supportEmail', 'string', '') || placeholder.supportEmail,
      googleEnabled: field(data, 'googleEnabled', 'boolean', false),
      devMailbox: field(data, 'devMailbox', 'boolean', false),
      videoModel: field(data, 'videoModel', 'string', '') || placeholder.videoModel,
    };
  } catch {
    return placeholder;
  }
}

/** What the prerender draws with instead of a placeholder field (the sign-in page exists with and without Google). */
let prerendered: Partial<PublicConfig> = {};

/** Renders with `config` in place of the placeholder's fields, for the prerender (which has no config tag). */
export function withPrerenderedConfig<T>(config: Partial<PublicConfig>, render: () => T): T {
  prerendered = config;
  try {
    return render();
  } finally {
    prerendered = {};
  }
}

function getPublicConfig(): PublicConfig {
  if (typeof document === 'undefined') return { ...placeholder, ...prerendered }; // prerender: never cached
  cached ??= read();
  return cached;
}

/** The public config for components. Stable for the page's lifetime (the tag never changes after load). */
export function usePublicConfig(): PublicConfig {
  return getPublicConfig();
}
