/** What other features may use from faq; everything else in this folder is its own (biome.json keeps it so). */
export * from './faq-browser';
export * from './faq-content';
export type { FaqItemId } from './faq-items';
export { FaqDisclosureList } from './faq-list';
