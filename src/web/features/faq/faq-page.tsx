import { ChevronDown, Mail, MessageCircleQuestion } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RETENTION } from '../../../shared/catalogue';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/ui/button';
import { pluralTemplate } from '../../lib/text-template';
import { PageHeader } from '../public';
import { useFaq } from './faq-content';
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
      </search>

      {categories.map((category) => (
        <section
          key={category.id}
          id={category.id}
          data-testid={`faq-category-${category.id}`}
          data-faq-category
          aria-labelledby={`${inputId}-${category.id}`}
          className="scroll-mt-24"
        >
          <h2
            id={`${inputId}-${category.id}`}
            className="mb-1 text-lg font-semibold tracking-tight sm:text-xl"
          >
            {category.title}
          </h2>
          <div className="divide-y divide-border rounded-(--radius-card) border border-border bg-card px-4 sm:px-6">
            {category.items.map((item) => (
              <details
                key={item.id}
                name={`faq-${category.id}`}
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
        </section>
      ))}

      <div
        hidden
        data-testid="faq-empty"
        data-faq-empty
        className="flex flex-col items-center gap-3 rounded-(--radius-card) border border-dashed border-border bg-card px-6 py-10 text-center"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <MessageCircleQuestion aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-lg font-semibold">{t('empty.title')}</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          {t('empty.body', { hours: RETENTION.supportReplyHours })}
        </p>
        <Button asChild>
          <Link to="/contact">{t('empty.button')}</Link>
        </Button>
      </div>
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
