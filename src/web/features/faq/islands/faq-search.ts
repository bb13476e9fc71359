/**
 * Island of the /faq page's search (markup: faq-page.tsx): filters the prerendered questions with the same rule as
 * the help center (filter-faq.ts), hides emptied categories and the category links while searching, announces the
 * count, and swaps the page's contact band for the nothing-found state (one way to reach support, not two).
 */
import { fillTemplate, type PluralTemplate } from '#web/lib/text-template';
import { filterFaq } from '../filter-faq';

interface FaqEntry {
  element: HTMLDetailsElement;
  question: string;
  answer: string;
}

export function attachFaqSearch(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('[data-faq-query]');
  const clear = root.querySelector<HTMLButtonElement>('[data-faq-clear]');
  const results = root.querySelector<HTMLElement>('[data-faq-results]');
  const nav = root.querySelector<HTMLElement>('[data-faq-categories]');
  const empty = root.querySelector<HTMLElement>('[data-faq-empty]');
  const contact = document.querySelector<HTMLElement>('[data-faq-contact]');
  if (!input || !results) return;
  const template: PluralTemplate = { one: results.dataset.one ?? '', other: results.dataset.other ?? '' };
  const categories = [...root.querySelectorAll<HTMLElement>('[data-faq-category]')].map((section) => ({
    section,
    entries: [...section.querySelectorAll<HTMLDetailsElement>('[data-faq-item]')].map(
      (element): FaqEntry => ({
        element,
        question: element.querySelector('[data-faq-question]')?.textContent ?? '',
        answer: element.querySelector('[data-faq-answer]')?.textContent ?? '',
      }),
    ),
  }));

  const update = () => {
    const query = input.value.trim();
    const searching = query !== '';
    let total = 0;
    for (const { section, entries } of categories) {
      const visible = new Set(filterFaq(entries, query));
      for (const entry of entries) entry.element.hidden = !visible.has(entry);
      section.hidden = visible.size === 0;
      total += visible.size;
    }
    if (clear) clear.hidden = !searching;
    if (nav) nav.hidden = searching;
    results.textContent = searching
      ? fillTemplate(template, total, { query }, document.documentElement.lang)
      : '';
    if (empty) empty.hidden = total > 0;
    if (contact) contact.hidden = total === 0;
  };

  input.addEventListener('input', update);
  clear?.addEventListener('click', () => {
    input.value = '';
    update();
    input.focus();
  });
  // A query the browser restored (back/forward) is applied at once.
  if (input.value) update();
}
