/** The FAQ's shape: its categories and questions, in display order, and what each language's content provides. */
import type { Language } from '#shared/language';

export const FAQ_CATEGORY_IDS = ['creditos', 'planos', 'videos', 'tecnico'] as const;
type FaqCategoryId = (typeof FAQ_CATEGORY_IDS)[number];

/** Question ids per category, in display order. Ids are unique across categories. */
export const FAQ_ITEM_IDS = {
  creditos: [
    'credits-cost',
    'credits-expiry',
    'credits-refund',
    'credits-packages',
    'credits-short',
    'credits-balance',
  ],
  planos: [
    'plans-list',
    'plans-yearly',
    'plans-change',
    'plans-payment',
    'plans-invoices',
    'plans-withdrawal',
  ],
  videos: [
    'videos-time',
    'videos-modes',
    'videos-formats',
    'videos-image',
    'videos-audio-muted',
    'videos-download',
  ],
  tecnico: ['tech-prompt', 'tech-seed', 'tech-failed', 'tech-age', 'tech-support', 'tech-install'],
} as const satisfies Record<FaqCategoryId, readonly string[]>;

export type FaqItemId = (typeof FAQ_ITEM_IDS)[FaqCategoryId][number];

export interface FaqItem {
  id: FaqItemId;
  category: FaqCategoryId;
  question: string;
  /** Plain text; paragraphs are separated by a blank line (render with `whitespace-pre-line`). */
  answer: string;
}

export interface FaqCategory {
  id: FaqCategoryId;
  title: string;
  items: FaqItem[];
}

interface QA {
  question: string;
  answer: string;
}

/** One language's FAQ: the category titles and every question with its answer. */
export interface LocalizedFaq {
  categories: Record<FaqCategoryId, string>;
  items: Record<FaqItemId, QA>;
}

/** One category's questions with their answers, as a language's content writes them. */
export type FaqCategoryItems<C extends FaqCategoryId> = Record<(typeof FAQ_ITEM_IDS)[C][number], QA>;

export interface FaqOptions {
  /** Shown in the support answer; from usePublicConfig(). */
  supportEmail: string;
}

/** Numbers and lists as the FAQ's language writes them. */
export function faqFormatters(language: Language) {
  const number = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'pt-BR');
  const list = new Intl.ListFormat(language === 'en' ? 'en-US' : 'pt-BR', { type: 'conjunction' });
  return { n: (value: number) => number.format(value), list: (values: string[]) => list.format(values) };
}
