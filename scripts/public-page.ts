/**
 * Fills the HTML template of a prerendered public page (ADR 0004): its content at the root marker, its title and
 * language. Shared by the production build (scripts/build.ts) and the dev server (vite.config.ts).
 */

const APP_MARKER = '<div id="root"><!--app-html--></div>';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

export function fillPublicPage(
  template: string,
  { html, title, lang }: { html: string; title: string | null; lang: string },
): string {
  if (!template.includes(APP_MARKER)) throw new Error(`the page template must contain ${APP_MARKER}`);
  let page = template
    .replace('<html lang="pt-BR">', `<html lang="${lang}">`)
    .replace(APP_MARKER, `<div id="root" data-prerendered>${html}</div>`);
  if (title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  return page;
}
