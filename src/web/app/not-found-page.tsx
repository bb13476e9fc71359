import { Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { useDocumentTitle } from '#web/lib/use-document-title';

/** The 404 page (any unknown path; prerendered at /404). Rendered inside the public layout. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.documentTitle'));
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-primary/75 sm:text-8xl" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{t('notFound.title')}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{t('notFound.subtitle')}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <Home aria-hidden="true" />
          {t('notFound.home')}
        </Link>
      </Button>
    </section>
  );
}
