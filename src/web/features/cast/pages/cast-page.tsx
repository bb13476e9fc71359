import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useCast } from '../api/cast';
import { CastCard } from '../components/cast-card';
import { CastForm } from '../components/cast-form';

/** /dashboard/cast: 'Elenco' — the form to save a member beside the list of the user's members. */
export default function CastPage() {
  const { t } = useTranslation('cast');
  useDocumentTitle(t('documentTitle'));
  const cast = useCast();

  return (
    <div className="container-page flex flex-col gap-6 py-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('subtitle')}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <CastForm />
        <section aria-label={t('title')} aria-busy={cast.isPending || undefined} data-testid="cast-list">
          {cast.isPending ? (
            <div className="grid gap-4 sm:grid-cols-2" role="status" aria-label={t('list.loading')}>
              <Skeleton className="h-56" />
              <Skeleton className="h-56" />
            </div>
          ) : cast.isError ? (
            <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4 text-sm">
              {t('list.loadError')}
              <Button variant="outline" size="sm" onClick={() => void cast.refetch()}>
                {t('list.retry')}
              </Button>
            </div>
          ) : cast.data.length === 0 ? (
            <div
              className="flex flex-col items-center gap-2 rounded-(--radius-card) border border-dashed p-8 text-center"
              data-testid="cast-empty"
            >
              <Users aria-hidden="true" className="size-8 text-muted-foreground" />
              <h2 className="font-semibold">{t('list.emptyTitle')}</h2>
              <p className="max-w-sm text-sm text-muted-foreground">{t('list.emptyBody')}</p>
            </div>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {cast.data.map((member) => (
                <li key={member.id}>
                  <CastCard member={member} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
