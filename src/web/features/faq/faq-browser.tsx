import { MessageCircleQuestion } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RETENTION } from '../../../shared/catalogue';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useFaq } from './faq-content';
import { FaqSearchBox } from './faq-search-box';
import { filterFaq } from './filter-faq';

export interface FaqBrowserProps {
  /** Called by the "contact" button of the no-results fallback; without it the button links to /contact. */
  onContactClick?: () => void;
  /** Level of the category headings: h2 on the /faq page (default), h3 inside the help center's tab. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/**
 * Searchable FAQ: a search box (case- and accent-insensitive, over questions and answers), the four categories
 * each as a single-open accordion, and a contact fallback when nothing matches. Used by /faq and the help center.
 */
export function FaqBrowser({ onContactClick, headingLevel = 'h2', className }: FaqBrowserProps) {
  const { t } = useTranslation('faq');
  const categories = useFaq();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const Heading = headingLevel;

  const searching = query.trim() !== '';
  const visible = useMemo(
    () =>
      categories
        .map((category) => ({ ...category, items: filterFaq(category.items, query) }))
        .filter((category) => category.items.length > 0),
    [categories, query],
  );
  const total = visible.reduce((sum, category) => sum + category.items.length, 0);

  return (
    <div className={cn('flex flex-col gap-8', className)}>
      <search className="flex flex-col gap-3">
        <FaqSearchBox
          inputId={inputId}
          clearHidden={!query}
          onClear={() => setQuery('')}
          inputProps={{ value: query, onChange: (event) => setQuery(event.target.value) }}
        />
        <p aria-live="polite" className={cn('text-sm text-muted-foreground', !searching && 'sr-only')}>
          {searching ? t('results', { count: total, query: query.trim() }) : ''}
        </p>
        {!searching ? (
          <nav aria-label={t('categoriesLabel')}>
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
        ) : null}
      </search>

      {visible.map((category) => (
        <section
          key={category.id}
          id={category.id}
          data-testid={`faq-category-${category.id}`}
          aria-labelledby={`${inputId}-${category.id}`}
          className="scroll-mt-24"
        >
          <Heading
            id={`${inputId}-${category.id}`}
            className="mb-1 text-lg font-semibold tracking-tight sm:text-xl"
          >
            {category.title}
          </Heading>
          <Accordion
            type="single"
            collapsible
            className="rounded-(--radius-card) border border-border bg-card px-4 sm:px-6"
          >
            {category.items.map((item) => (
              <AccordionItem key={item.id} value={item.id} data-testid={`faq-item-${item.id}`}>
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent className="whitespace-pre-line">{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      ))}

      {total === 0 ? (
        <div
          data-testid="faq-empty"
          className="flex flex-col items-center gap-3 rounded-(--radius-card) border border-dashed border-border bg-card px-6 py-10 text-center"
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <MessageCircleQuestion aria-hidden="true" className="size-6" />
          </span>
          <Heading className="text-lg font-semibold">{t('empty.title')}</Heading>
          <p className="max-w-md text-sm text-muted-foreground">
            {t('empty.body', { hours: RETENTION.supportReplyHours })}
          </p>
          {onContactClick ? (
            <Button onClick={onContactClick}>{t('empty.button')}</Button>
          ) : (
            <Button asChild>
              <Link to="/contact">{t('empty.button')}</Link>
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
