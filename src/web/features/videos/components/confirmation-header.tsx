import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isFinalVideoStatus, type VideoStatus } from '#shared/video-status';

/** The confirmation page's title: sent, completed, or failed (a failed request never reads as sent). */
export function ConfirmationHeader({ status }: { status: VideoStatus | undefined }) {
  const { t } = useTranslation('videos');
  const failed = status === 'failed';
  return (
    <header className="flex flex-col items-center gap-3 text-center">
      {/* A failed request never reads as sent: its own icon and title, the reason and refund below. */}
      <span
        className={`flex size-14 items-center justify-center rounded-full ${failed ? 'bg-destructive-soft text-destructive' : 'bg-success-soft text-success'}`}
      >
        {failed ? (
          <CircleAlert aria-hidden="true" className="size-8" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="size-8" />
        )}
      </span>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="confirmation-title">
        {failed
          ? t('confirmation.failedPageTitle')
          : status === 'completed'
            ? t('confirmation.completedTitle')
            : t('confirmation.title')}
      </h1>
      {status && isFinalVideoStatus(status) ? null : (
        <p className="max-w-prose text-muted-foreground">{t('confirmation.subtitle')}</p>
      )}
    </header>
  );
}
