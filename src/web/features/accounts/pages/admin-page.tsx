import { LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../app/use-document-title';

/** /admin-x7k9m2 for admins — a placeholder until the admin issue builds the metrics and actions. */
export default function AdminPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('admin.documentTitle'));
  return (
    <section className="container-page flex flex-col gap-3 py-8 sm:py-10" data-testid="admin-panel">
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
        <LayoutDashboard aria-hidden="true" className="size-7 text-primary" />
        {t('admin.panelTitle')}
      </h1>
      <p className="text-muted-foreground">{t('admin.panelBody')}</p>
    </section>
  );
}
