import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';
import { useFaq } from './faq-content';
import { FaqCategoryNav, FaqCategorySection, FaqEmptyState } from './faq-list';
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
 * Searchable FAQ for the help center: a search box (case- and accent-insensitive, over questions and answers), the
 * four categories of single-open questions (faq-list.tsx, the markup the static /faq page shares) and a contact
 * fallback when nothing matches.
 */
export function FaqBrowser({ onContactClick, headingLevel = 'h2', className }: FaqBrowserProps) {
  const { t } = useTranslation('faq');
  const categories = useFaq();
  const [query, setQuery] = useState('');
  const inputId = useId();

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
        {!searching ? <FaqCategoryNav categories={categories} /> : null}
      </search>

      {visible.map((category) => (
        <FaqCategorySection
          key={category.id}
          category={category}
          idPrefix={inputId}
          headingLevel={headingLevel}
        />
      ))}

      {total === 0 ? (
        <FaqEmptyState
          headingLevel={headingLevel}
          action={
            onContactClick ? (
              <Button onClick={onContactClick}>{t('empty.button')}</Button>
            ) : (
              <Button asChild>
                <Link to="/contact">{t('empty.button')}</Link>
              </Button>
            )
          }
        />
      ) : null}
    </div>
  );
}
