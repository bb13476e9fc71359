/** The FAQ search (spec §5: case-insensitive match on question or answer), also accent-insensitive. */

export interface Searchable {
  question: string;
  answer: string;
}

/** Lower case without diacritics: "Crédito" → "credito". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * Items whose question or answer contains the query, ignoring case and accents. A query of several words matches
 * an item when every word is found in its question or answer, in any order. A blank query returns every item.
 */
export function filterFaq<T extends Searchable>(items: readonly T[], query: string): T[] {
  const terms = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...items];
  return items.filter((item) => {
    const question = normalizeForSearch(item.question);
    const answer = normalizeForSearch(item.answer);
    return terms.every((term) => question.includes(term) || answer.includes(term));
  });
}
