import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';

/** The confirmation page when its request cannot be read: gone (404) or not now, with a retry for the latter. */
export function ConfirmationError({
  notFound,
  retrying,
  onRetry,
}: {
  notFound: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('videos');
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-12 text-center">
      <h1 className="text-2xl font-bold tracking-tight" data-testid="confirmation-error" role="alert">
        {notFound ? t('confirmation.notFound') : t('confirmation.loadError')}
      </h1>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        {notFound ? null : (
          <Button size="lg" loading={retrying} onClick={onRetry}>
            {t('confirmation.retry')}
          </Button>
        )}
        <Button asChild size="lg" variant={notFound ? 'primary' : 'outline'}>
          <Link to="/dashboard/history">{t('confirmation.history')}</Link>
        </Button>
      </div>
    </section>
  );
}
