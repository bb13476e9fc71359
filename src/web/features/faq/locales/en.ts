import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './pt-BR';

/** `faq` namespace, English. The questions and answers live in ../content/. */
const en: LocaleShape<typeof ptBR> = {
  documentTitle: 'Frequently asked questions — Cena',
  title: 'Frequently asked questions',
  subtitle: 'Everything about credits, plans, videos and technical topics.',
  categoriesLabel: 'Categories',
  search: {
    label: 'Search the frequently asked questions',
    placeholder: 'e.g. credits, audio, formats',
    clear: 'Clear search',
  },
  results_zero: '{{count}} results for “{{query}}”',
  results_one: '{{count}} result for “{{query}}”',
  results_other: '{{count}} results for “{{query}}”',
  empty: {
    title: 'Didn’t find your answer?',
    body: 'No question matches your search. Contact our support team: we reply within {{hours}} hours.',
    button: 'Contact support',
  },
  contact: {
    title: 'Still have questions?',
    body: 'Our team replies within {{hours}} hours.',
    button: 'Contact support',
  },
};

export default en;
