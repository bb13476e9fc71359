import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RETENTION } from '../../../shared/catalogue';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../public';
import { FaqBrowser } from './faq-browser';

/** `/faq`: the searchable FAQ and a way to reach support. */
export default function FaqPage() {
  const { t } = useTranslation('faq');
  useDocumentTitle(t('documentTitle'));
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="container-page flex max-w-3xl flex-col gap-12 py-10 sm:py-14">
        <FaqBrowser />
        <section
          aria-labelledby="faq-contact-title"
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
