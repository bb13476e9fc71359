import { Mail } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RETENTION } from '#shared/catalogue';
import { PageHeader } from '#web/components/page-header';
import { Button } from '#web/components/ui/button';
import { pluralTemplate } from '#web/lib/text-template';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useFaq } from './faq-content';
import { FaqCategoryNav, FaqCategorySection, FaqEmptyState } from './faq-list';
import { FaqSearchBox } from './faq-search-box';

/**
 * The searchable FAQ, prerendered: each category's questions are native single-open <details> (they open and close
 * without JavaScript); the faq-search island filters them as the visitor types (case- and accent-insensitive, over
 * questions and answers) and shows the nothing-found state in place of the page's contact band, so the visitor
 * sees one way to reach support.
 */
function FaqSearchList() {
  const { t } = useTranslation('faq');
  const categories = useFaq();
  const inputId = useId();
  const results = pluralTemplate((count) =>
    t('results', { count, query: '{query}', replace: { count: '{count}', query: '{query}' } }),
  );

  return (
    <div data-island="faq-search" className="flex flex-col gap-8">
      <search className="flex flex-col gap-3">
        <FaqSearchBox inputId={inputId} clearHidden inputProps={{ 'data-faq-query': true }} />
        <p
          aria-live="polite"
          data-faq-results
          data-one={results.one}
          data-other={results.other}
          className="text-sm text-muted-foreground empty:sr-only"
        />
        <FaqCategoryNav categories={categories} />
      </search>

      {categories.map((category) => (
        <FaqCategorySection key={category.id} category={category} idPrefix={inputId} headingLevel="h2" />
      ))}

      <FaqEmptyState
        headingLevel="h2"
        hidden
        action={
          <Button asChild>
            <Link to="/contact">{t('empty.button')}</Link>
          </Button>
        }
      />
    </div>
  );
}

/** `/faq`: the searchable FAQ and a way to reach support. */
export default function FaqPage() {
  const { t } = useTranslation('faq');
  useDocumentTitle(t('documentTitle'));
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="container-page flex max-w-3xl flex-col gap-12 py-10 sm:py-14">
        <FaqSearchList />
        <section
          aria-labelledby="faq-contact-title"
          data-faq-contact
          className="flex flex-col items-center gap-3 rounded-(--radius-card) bg-muted px-6 py-8 text-center"
        >
          <h2 id="faq-contact-title" className="text-lg font-semibold">
            {t('contact.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('contact.body', { hours: RETENTION.supportReplyHours })}
          </p>
          <Button asChild variant="outline">
            <Link to="/contact">
              <Mail aria-hidden="true" />
              {t('contact.button')}
            </Link>
          </Button>
        </section>
      </div>
    </>
  );
}
