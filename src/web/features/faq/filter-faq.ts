/**
 * The FAQ search (spec §5: case-insensitive match on question or answer), also accent-insensitive and with the
 * synonyms people type (faq-synonyms.ts).
 */
import { FAQ_SYNONYMS } from './faq-synonyms';

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
 * A query word's alternatives: itself and, for a word of a synonym group, the group's words. A word belongs to a
 * group when it begins with one of its words ("cancelamento", "assinaturas") or, from 3 letters on, is the start of
 * one, so the answers show while the word is still being typed ("reemb").
 */
function alternatives(term: string, synonyms: readonly (readonly string[])[]): string[] {
  const groups = synonyms.filter((group) =>
    group.some((word) => term.startsWith(word) || (term.length >= 3 && word.startsWith(term))),
  );
  return [term, ...groups.flat()];
}

/**
 * Items whose question or answer contains the query, ignoring case and accents. A query of several words matches
 * an item when every word (or one of its synonyms) is found in its question or answer, in any order. A blank query
 * returns every item.
 */
export function filterFaq<T extends Searchable>(
  items: readonly T[],
  query: string,
  synonyms: readonly (readonly string[])[] = FAQ_SYNONYMS,
): T[] {
  const terms = normalizeForSearch(query)
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => alternatives(term, synonyms));
  if (terms.length === 0) return [...items];
  return items.filter((item) => {
    const text = `${normalizeForSearch(item.question)}\n${normalizeForSearch(item.answer)}`;
    return terms.every((words) => words.some((word) => text.includes(word)));
  });
}
