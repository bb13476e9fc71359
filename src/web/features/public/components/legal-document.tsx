import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#web/components/page-header';
import { cn } from '#web/lib/cn';
import { useFormatters } from '../lib/format';

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

/** A paragraph of legal text. */
export function LegalParagraph({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn('leading-relaxed text-foreground/90', className)}>{children}</p>;
}

/** A bulleted list of legal text. */
export function LegalList({ items }: { items: string[] }) {
  return (
    <ul className="flex list-disc flex-col gap-1.5 pl-5 leading-relaxed text-foreground/90 marker:text-primary">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Terms and privacy: title band with the last-updated date, a table of contents (wide screens) and sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: LegalSection[];
}) {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  return (
    <>
      <PageHeader title={title} meta={t('shared.lastUpdated', { date: t('shared.legalUpdatedOn') })} />
      <div className="container-page grid grid-cols-1 gap-10 py-10 sm:py-14 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label={t('shared.onThisPage')} className="hidden lg:block">
          <div className="sticky top-24 flex flex-col gap-3">
            <p className="text-sm font-semibold text-foreground">{t('shared.onThisPage')}</p>
            <ol className="flex flex-col gap-1 border-l border-border text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent py-1 pl-3 text-muted-foreground transition-colors hover:border-primary hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {t('shared.numbered', { n: n(index + 1), title: section.title })}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article className="flex max-w-3xl min-w-0 flex-col gap-10">
          <p className="text-lg leading-relaxed text-pretty text-muted-foreground">{intro}</p>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="flex scroll-mt-24 flex-col gap-4"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight sm:text-2xl">
                {t('shared.numbered', { n: n(index + 1), title: section.title })}
              </h2>
              {section.content}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
