import { ArrowLeft, CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { HISTORY_PATH } from './back-to-history';

/** 'Solicitação não encontrada' (unknown id or another user's, no retry) or a failed load with a retry. */
export function RequestDetailError({
  notFound,
  onRetry,
  retrying,
}: {
  notFound: boolean;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('videoDetail');
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-12 text-center">
      <CircleAlert aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight" role="alert" data-testid="request-detail-error">
        {notFound ? t('notFound') : t('loadError')}
      </h1>
      {notFound ? <p className="max-w-prose text-muted-foreground">{t('notFoundBody')}</p> : null}
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        {notFound ? null : (
          <Button size="lg" loading={retrying} onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
        <Button asChild size="lg" variant={notFound ? 'primary' : 'outline'}>
          <Link to={HISTORY_PATH} data-testid="back-to-history">
            <ArrowLeft aria-hidden="true" />
            {t('back')}
          </Link>
        </Button>
      </div>
    </section>
  );
}

/** The page's outline while the request loads. */
export function RequestDetailLoading() {
  const { t } = useTranslation('videoDetail');
  return (
    <div className="container-page flex flex-col gap-6 py-8" aria-busy="true">
      <Spinner label={t('loading')} className="self-start text-primary" />
      <Skeleton className="h-8 w-64" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-72 lg:col-span-2" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}
