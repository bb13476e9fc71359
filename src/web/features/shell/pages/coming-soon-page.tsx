import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../../../app/use-document-title';
import { Button } from '../../../components/ui/button';

const PAGES = {
  create: 'create',
  confirmation: 'confirmation',
  history: 'history',
  request: 'request',
  settings: 'settings',
} as const;

type PageKey = (typeof PAGES)[keyof typeof PAGES];

function pageKey(pathname: string): PageKey | null {
  const segment = pathname.split('/')[2] ?? '';
  return segment in PAGES ? PAGES[segment as keyof typeof PAGES] : null;
}

/** A tidy "em breve" inside the shell for dashboard routes that later issues build. */
export default function ComingSoonPage() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const key = pageKey(pathname);
  const title = key ? t(`comingSoon.pages.${key}`) : t('comingSoon.title');
  useDocumentTitle(`${title} — Cena`);
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-4 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Construction aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="max-w-md text-muted-foreground">{t('comingSoon.body')}</p>
      <Button asChild variant="outline">
        <Link to="/dashboard">{t('comingSoon.back')}</Link>
      </Button>
    </section>
  );
}
