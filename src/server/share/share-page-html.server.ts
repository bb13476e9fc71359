import { LOGIN_PATH } from '#shared/routes';
import { REPORT_SCRIPT_PATH, REPORT_STYLE, reportDialogHtml } from './report-dialog-html.server';

/**
 * The public share page's HTML (ADR 0031): drawn on the server, no SPA bundle, one small script. The preview tags
 * are the Open Graph protocol's (https://ogp.me/: og:title, og:type, og:image, og:video, og:video:type) and X's
 * cards (https://developer.x.com/en/docs/x-for-websites/cards/overview/markup: twitter:card, twitter:title,
 * twitter:image); WhatsApp and Instagram read the Open Graph tags. The page's and the tags' media are the slug's
 * stable addresses (`/v/{slug}/video.mp4`, `/v/{slug}/poster.jpg`), served while the link is active: a crawler
 * fetches them minutes or days after the page, and no storage key (which names the owner) reaches the page.
 */

/** The app's icon (src/web/index.html's), inline: the page needs no other file. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='9' fill='%234f46e5'/%3E%3Cpath d='M13 10.5v11l9-5.5z' fill='%23fff'/%3E%3C/svg%3E";
const SIGN_UP_PATH = `${LOGIN_PATH}?tab=signup`;
/** WhatsApp's link preview shows about two lines of a title, this many characters. */
const TITLE_MAX_CHARS = 80;
const DESCRIPTION_MAX_CHARS = 160;
/** Scripts are 'self' only (CSP): the refresh script is its own file. */
export const PLAYER_SCRIPT_PATH = '/v/player.js';

export interface SharePageView {
  /** The page's absolute URL. */
  pageUrl: string;
  prompt: string;
  aspectRatio: string;
  /** The slug's media paths for the <video> itself. */
  videoUrl: string;
  posterUrl: string | null;
  /** The same, absolute, for crawlers. */
  ogVideoUrl: string;
  ogImageUrl: string | null;
  /** The video's frame and the poster's size, when known: a preview is laid out before its image loads. */
  videoSize: { width: number; height: number } | null;
  posterSize: { width: number; height: number } | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `text` cut at a word boundary to at most `max` characters, with "…" when cut. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * A preview's title: the prompt's first phrase (up to its first comma or full stop) when it fits a WhatsApp
 * preview, else its words up to TITLE_MAX_CHARS — never cut in the middle of a word, never the whole prompt.
 */
function titleOf(prompt: string): string {
  const text = prompt.trim().replace(/\s+/g, ' ');
  if (!text) return 'Vídeo feito com Cena';
  const phrase = text.split(/[,.;!?]\s/)[0] ?? text;
  return phrase.length <= TITLE_MAX_CHARS ? phrase : cutAtWord(phrase, TITLE_MAX_CHARS);
}

/** Said first wherever the video is seen: it was made by a model (ADR 0065; its Content Credentials say so too). */
const AI_LABEL = 'Gerado com IA';

/** The preview's description: that a model made it, what it shows (the prompt), then who made it. */
function descriptionOf(prompt: string): string {
  const text = prompt.trim().replace(/\s+/g, ' ');
  const made = 'Feito com a Cena: vídeos curtos com IA, em português.';
  return `${AI_LABEL} · ${text ? `${cutAtWord(text, DESCRIPTION_MAX_CHARS)} — ${made}` : made}`;
}

/** The label under the video, linked to the check of its Content Credentials with this page's link filled in. */
const aiNotice = (pageUrl: string) =>
  `<p class="ai"><strong>${AI_LABEL}</strong> · <a href="/verificar?link=${encodeURIComponent(pageUrl)}">Verificar as credenciais de conteúdo</a></p>`;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
background:#0b0b10;color:#f4f4f5;min-height:100vh;display:flex;flex-direction:column;align-items:center}
main{width:100%;max-width:720px;padding:16px;display:flex;flex-direction:column;gap:16px;align-items:center}
video{width:100%;max-height:75vh;background:#000;border-radius:12px}
h1{font-size:1.125rem;font-weight:600;margin:0;text-align:center;line-height:1.4}
p{margin:0;text-align:center;color:#d4d4d8}
a.cta{display:inline-block;background:#f59e0b;color:#111;font-weight:700;padding:12px 20px;border-radius:999px;
text-decoration:none}a.cta:focus-visible{outline:3px solid #fff;outline-offset:2px}
footer{margin-top:auto;padding:16px;color:#d4d4d8;font-size:.875rem}footer a{color:#fde68a}
p.ai a{color:#fde68a}${REPORT_STYLE}`;

function head(title: string, extra: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="theme-color" content="#0b0b10">
<link rel="icon" href="${FAVICON}">${extra}<style>${STYLE}</style></head>`;
}

const madeWithCena = `<p>Feito com Cena: vídeos curtos com IA, em português.</p>
<a class="cta" href="${SIGN_UP_PATH}">Criar minha conta na Cena</a>`;

function previewTags(view: SharePageView, title: string): string {
  const description = descriptionOf(view.prompt);
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'video.other'],
    ['property', 'og:site_name', 'Cena'],
    ['property', 'og:locale', 'pt_BR'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', view.pageUrl],
    ['property', 'og:video', view.ogVideoUrl],
    ['property', 'og:video:secure_url', view.ogVideoUrl],
    ['property', 'og:video:type', 'video/mp4'],
    ['name', 'twitter:card', view.ogImageUrl ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  if (view.videoSize) {
    tags.push(
      ['property', 'og:video:width', String(view.videoSize.width)],
      ['property', 'og:video:height', String(view.videoSize.height)],
    );
  }
  if (view.ogImageUrl) {
    tags.push(['property', 'og:image', view.ogImageUrl], ['name', 'twitter:image', view.ogImageUrl]);
    if (view.posterSize) {
      tags.push(
        ['property', 'og:image:width', String(view.posterSize.width)],
        ['property', 'og:image:height', String(view.posterSize.height)],
      );
    }
  }
  return tags
    .map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}">`)
    .join('\n');
}

export function sharePageHtml(view: SharePageView): string {
  const title = titleOf(view.prompt);
  const poster = view.posterUrl ? ` poster="${escapeHtml(view.posterUrl)}"` : '';
  const [width, height] = view.aspectRatio.split(':');
  // The poster is the page's largest paint: fetched with the HTML's first requests rather than after the parse.
  const preload = view.posterUrl
    ? `\n<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(view.posterUrl)}">`
    : '';
  return `${head(`${title} · Cena`, `\n${previewTags(view, title)}\n<link rel="canonical" href="${escapeHtml(view.pageUrl)}">${preload}`)}
<body><main>
<video id="cena-shared-video" controls playsinline preload="metadata" src="${escapeHtml(view.videoUrl)}"${poster}
 style="aspect-ratio:${Number(width) || 16}/${Number(height) || 9}" aria-label="${escapeHtml(title)}"></video>
<h1>${escapeHtml(title)}</h1>
${aiNotice(view.pageUrl)}
${madeWithCena}
${reportDialogHtml()}
</main><footer>Feito com <a href="/">Cena</a></footer>
<script src="${PLAYER_SCRIPT_PATH}" defer></script><script src="${REPORT_SCRIPT_PATH}" defer></script></body></html>`;
}

/** A revoked, deleted or guessed link: the same page for each, so none can be told from another. */
export function shareNotFoundHtml(): string {
  return `${head('Link indisponível · Cena', '<meta name="robots" content="noindex">')}
<body><main><h1>Este link não está mais disponível</h1>
<p>Ele pode ter sido revogado pelo autor, ou o vídeo foi excluído.</p>
${madeWithCena}
</main><footer>Feito com <a href="/">Cena</a></footer></body></html>`;
}

/**
 * The page's only script: when the video fails to load (a page drawn with a signed URL that has since expired,
 * restored from the back/forward cache, or a dropped connection), ask the page's endpoint for its media and resume
 * where it was; a revoked link's endpoint answers 404 and the reload shows that.
 */
export const PLAYER_SCRIPT = `(() => {
  const video = document.getElementById('cena-shared-video');
  if (!video) return;
  const slug = location.pathname.split('/')[2];
  let retried = false;
  video.addEventListener('error', async () => {
    if (retried) return;
    retried = true;
    const answer = await fetch('/v/' + slug + '/media', { cache: 'no-store' });
    if (!answer.ok) { location.reload(); return; }
    const media = await answer.json();
    const at = video.currentTime;
    video.src = media.videoUrl;
    if (media.posterUrl) video.poster = media.posterUrl;
    video.currentTime = at;
    setTimeout(() => { retried = false; }, 30000);
  });
})();
`;
