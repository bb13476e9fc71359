import { ChevronDown, MessageCircleQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RETENTION } from '#shared/catalogue';
import type { FaqCategory, FaqItem } from './faq-items';

/**
 * The FAQ's markup, written once for the static /faq page and the landing's excerpt (prerendered, filtered by the
 * faq-search island through the `data-faq-*` attributes) and for the help center (rendered and filtered by React).
 * Questions are native single-open <details> (`name`): they open and close without JavaScript.
 */

type HeadingLevel = 'h2' | 'h3';

export function FaqDisclosureList({
  items,
  name,
  className = 'divide-y divide-border rounded-(--radius-card) border border-border bg-card px-4 sm:px-6',
}: {
  items: readonly FaqItem[];
  /** Items sharing a name form a single-open group. */
  name: string;
  className?: string;
}) {
  return (
    <div className={className}>
      {items.map((item) => (
        <details
          key={item.id}
          name={name}
          data-testid={`faq-item-${item.id}`}
          data-faq-item
          className="group"
        >
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-md py-4 text-left text-base font-medium transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
            <span data-faq-question>{item.question}</span>
            <ChevronDown
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
            />
          </summary>
          <p
            data-faq-answer
            className="pb-4 text-sm leading-relaxed whitespace-pre-line text-muted-foreground"
          >
            {item.answer}
          </p>
        </details>
      ))}
    </div>
  );
}

/** Links to each category's section. */
export function FaqCategoryNav({ categories }: { categories: readonly FaqCategory[] }) {
  const { t } = useTranslation('faq');
  return (
    <nav aria-label={t('categoriesLabel')} data-faq-categories>
      <ul className="flex flex-wrap gap-2">
        {categories.map((category) => (
          <li key={category.id}>
            <a
              href={`#${category.id}`}
              className="inline-flex min-h-9 items-center rounded-full border border-border bg-card px-3.5 text-sm font-medium text-muted-foreground transition-colors hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {category.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A category: its heading and its questions (the ones a search left, in the help center). */
export function FaqCategorySection({
  category,
  idPrefix,
  headingLevel: Heading,
}: {
  category: FaqCategory;
  /** Makes the heading's id unique on the page (useId). */
  idPrefix: string;
  headingLevel: HeadingLevel;
}) {
  const headingId = `${idPrefix}-${category.id}`;
  return (
    <section
      id={category.id}
      data-testid={`faq-category-${category.id}`}
      data-faq-category
      aria-labelledby={headingId}
      className="scroll-mt-24"
    >
      <Heading id={headingId} className="mb-1 text-lg font-semibold tracking-tight sm:text-xl">
        {category.title}
      </Heading>
      <FaqDisclosureList items={category.items} name={`faq-${category.id}`} />
    </section>
  );
}

/** The nothing-found state, with its way to support (`action`). */
export function FaqEmptyState({
  headingLevel: Heading,
  hidden,
  action,
}: {
  headingLevel: HeadingLevel;
  hidden?: boolean;
  action: ReactNode;
}) {
  const { t } = useTranslation('faq');
  return (
    <div
      hidden={hidden}
      data-testid="faq-empty"
      data-faq-empty
      className="flex flex-col items-center gap-3 rounded-(--radius-card) border border-dashed border-border bg-card px-6 py-10 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <MessageCircleQuestion aria-hidden="true" className="size-6" />
      </span>
      <Heading className="text-lg font-semibold">{t('empty.title')}</Heading>
      <p className="max-w-md text-sm text-muted-foreground">
        {t('empty.body', { hours: RETENTION.supportReplyHours })}
      </p>
      {action}
    </div>
  );
}
