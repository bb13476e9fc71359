/**
 * THE FAQ: four categories of questions and answers in pt-BR and English, used by the public /faq page, the
 * landing and pricing pages and the signed-in help center. Every figure comes from src/shared/catalogue.ts.
 *
 * Content is a typed structure keyed by language (not i18n keys: content/pt-BR.ts and content/en.ts) so the search
 * can run over plain strings and both languages are forced by the types to carry the same questions.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/language';
import { usePublicConfig } from '#web/lib/public-config';
import { en } from './content/en';
import { ptBR } from './content/pt-BR';
import {
  FAQ_CATEGORY_IDS,
  FAQ_ITEM_IDS,
  type FaqCategory,
  type FaqItem,
  type FaqItemId,
  type FaqOptions,
  type LocalizedFaq,
} from './faq-items';

/** The language the FAQ is shown in for an i18next language code. */
function faqLanguage(language: string | undefined): Language {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'pt-BR';
}

const BUILDERS: Record<Language, (options: FaqOptions) => LocalizedFaq> = { 'pt-BR': ptBR, en };

/** The whole FAQ in one language, categories and questions in display order. Pure: safe for prerendering. */
function getFaq(language: string | undefined, options: FaqOptions): FaqCategory[] {
  const content = BUILDERS[faqLanguage(language)](options);
  return FAQ_CATEGORY_IDS.map((category) => ({
    id: category,
    title: content.categories[category],
    items: FAQ_ITEM_IDS[category].map((id) => ({ id, category, ...content.items[id] })),
  }));
}

/** Every question of the FAQ, flattened in display order. */
export function getFaqItems(language: string | undefined, options: FaqOptions): FaqItem[] {
  return getFaq(language, options).flatMap((category) => category.items);
}

/** The FAQ in the current UI language (re-renders on language change). */
export function useFaq(): FaqCategory[] {
  const { i18n } = useTranslation('faq');
  const { supportEmail } = usePublicConfig();
  const language = i18n.language;
  return useMemo(() => getFaq(language, { supportEmail }), [language, supportEmail]);
}

/** Selected questions, in the order given, in the current UI language (landing and pricing pages). */
export function useFaqItems(ids: readonly FaqItemId[]): FaqItem[] {
  const categories = useFaq();
  return useMemo(() => {
    const all = new Map(categories.flatMap((category) => category.items).map((item) => [item.id, item]));
    return ids.flatMap((id) => {
      const item = all.get(id);
      return item ? [item] : [];
    });
  }, [categories, ids]);
}
