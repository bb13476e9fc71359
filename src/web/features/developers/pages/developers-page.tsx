import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { ApiKeysSection } from '../components/api-keys-section';

/**
 * /dashboard/developers, Perfil → Desenvolvedores (ADR 0063): the API keys. Each part is its own section, so the
 * customers' webhooks go beside the keys as one more.
 */
export default function DevelopersPage() {
  const { t } = useTranslation('developers');
  useDocumentTitle(t('documentTitle'));
  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 py-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <Link
          to="/dashboard/profile"
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('back')}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('subtitle')}</p>
      </header>
      <ApiKeysSection />
    </div>
  );
}
