import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { Context } from 'hono';
import {
  DEFAULT_LANGUAGE,
  type Language,
  languageCookie,
  languageFromCookie,
  localizedModelLabel,
  parseLanguage,
} from '#shared/language';
import {
  isKnownPagePath,
  isPrerenderedPath,
  LOGIN_PATH,
  loginPreviewFile,
  NOT_FOUND_PATH,
  prerenderedFile,
} from '#shared/routes';

/**
 * HTML documents of the built web app. Public pages are prerendered at build time in every language; the server
 * picks the visitor's language (`?lang=`, which it remembers in the language cookie, else that cookie, else pt-BR),
 * fills in the runtime configuration (support e-mail, video model) once, keeps each document in memory with its gzip and brotli
 * variants, and answers unknown paths with the prerendered 404 page and status 404. The sign-in page gets the app's
 * shell with that page drawn in (ADR 0010); the app's other pages get the bare shell.
 */

const SHELL_FILE = '_shell.html';
const CONFIG_MARKER = '<!--cena-config-->';
const SUPPORT_EMAIL_PLACEHOLDER = '__CENA_SUPPORT_EMAIL__';
const VIDEO_MODEL_PLACEHOLDER = '__CENA_VIDEO_MODEL__';
/** The free first video's claims (ADR 0040): the pages say it only while the operator gives it (TRIAL_ENABLED). */
const TRIAL_CLAIM = /<li data-trial-claim="">[\s\S]*?<\/li>/g;

export interface PublicConfig {
  supportEmail: string;
  /** Google sign-in is configured: show its button. */
  googleEnabled: boolean;
  /** E-mails go to /dev/mailbox (local mode): the web may point there. */
  devMailbox: boolean;
  /** The model family videos are really made with (the landing's chip), e.g. "Gemini Omni" or "Prévia local". */
  videoModel: string;
}

interface Document {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside a <script> data block: "<" is escaped so no value can close the tag. */
function configScript(config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="cena-config">${json}</script>`;
}

/** A page for `lang`: its config block and placeholders in that language (the local preview's chip is translated). */
function prepare(html: string, config: PublicConfig, lang: Language, trialEnabled: boolean): Document {
  const localized = { ...config, videoModel: localizedModelLabel(config.videoModel, lang) };
  const text = (trialEnabled ? html : html.replace(TRIAL_CLAIM, ''))
    .replace(CONFIG_MARKER, configScript(localized))
    .replaceAll(SUPPORT_EMAIL_PLACEHOLDER, escapeHtml(localized.supportEmail))
    .replaceAll(VIDEO_MODEL_PLACEHOLDER, escapeHtml(localized.videoModel));
  const identity = Buffer.from(text, 'utf8');
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

export class WebPages {
  private readonly documents = new Map<string, Document>();

  constructor(
    private readonly distDir: string,
    private readonly config: PublicConfig,
    private readonly trialEnabled: boolean,
  ) {}

  static isBuilt(distDir: string): boolean {
    return existsSync(path.join(distDir, SHELL_FILE)) && existsSync(path.join(distDir, '404.html'));
  }

  private document(file: string, lang: Language): Document {
    const key = `${lang}\u0000${file}`;
    let document = this.documents.get(key);
    if (!document) {
      document = prepare(readFileSync(file, 'utf8'), this.config, lang, this.trialEnabled);
      this.documents.set(key, document);
    }
    return document;
  }

  /** The document for a request path and the status to answer it with. */
  private resolve(pathname: string, lang: Language): { file: string; status: 200 | 404 } {
    const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const page = (pagePath: string) => path.join(this.distDir, prerenderedFile(pagePath, lang));
    if (isPrerenderedPath(normalised)) return { file: page(normalised), status: 200 };
    if (normalised === LOGIN_PATH) {
      const preview = path.join(this.distDir, loginPreviewFile(lang, this.config.googleEnabled));
      if (existsSync(preview)) return { file: preview, status: 200 };
    }
    if (isKnownPagePath(normalised)) return { file: path.join(this.distDir, SHELL_FILE), status: 200 };
    return { file: page(NOT_FOUND_PATH), status: 404 };
  }

  respond(c: Context): Response {
    const chosen = parseLanguage(c.req.query('lang'));
    const lang = chosen ?? languageFromCookie(c.req.header('cookie')) ?? DEFAULT_LANGUAGE;
    const { file, status } = this.resolve(c.req.path, lang);
    const document = this.document(file, lang);
    const accepted = c.req.header('accept-encoding') ?? '';
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding, Cookie',
    };
    if (chosen) headers['Set-Cookie'] = languageCookie(chosen);
    let body = document.identity;
    if (/\bbr\b/.test(accepted)) {
      body = document.br;
      headers['Content-Encoding'] = 'br';
    } else if (/\bgzip\b/.test(accepted)) {
      body = document.gzip;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = String(body.length);
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    return c.body(new Uint8Array(body), status, headers);
  }
}
