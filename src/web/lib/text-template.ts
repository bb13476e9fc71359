/**
 * Texts that static pages' scripts fill in at run time (a count, a search query), prerendered in the page's
 * language as templates with `{name}` slots: the singular and plural forms are both kept, so a script needs no
 * i18n library to say "1 crédito" or "12 créditos".
 */

export interface PluralTemplate {
  one: string;
  other: string;
}

/** Both forms of a plural text; `render(count)` must return the translation with `{count}` (and others) as slots. */
export function pluralTemplate(render: (count: number) => string): PluralTemplate {
  return { one: render(1), other: render(2) };
}

/** Fills `{name}` slots. pt-BR and English both read zero as plural ("0 créditos"). */
export function fillTemplate(
  template: PluralTemplate,
  count: number,
  values: Record<string, string>,
  lang: string,
): string {
  const text = count === 1 ? template.one : template.other;
  const all: Record<string, string> = { count: new Intl.NumberFormat(lang).format(count), ...values };
  return text.replace(/\{(\w+)\}/g, (slot, name: string) => all[name] ?? slot);
}

/** A JSON value safe inside an inline `<script type="application/json">` ("<" cannot close the tag). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Reads the JSON data block `selector` that the prerender wrote next to an island. */
export function readJsonBlock<T>(root: ParentNode, selector: string): T {
  const text = root.querySelector(selector)?.textContent;
  if (!text) throw new Error(`missing data block ${selector}`);
  return JSON.parse(text) as T;
}
