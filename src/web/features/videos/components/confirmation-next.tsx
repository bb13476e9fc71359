import { History, House, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';

/**
 * What happens next while the request is not finished: the video is made (at the length asked, not a fixed 8 s),
 * lands in the history, is downloaded.
 */
export function NextStepsCard({ seconds }: { seconds: number }) {
  const { t } = useTranslation('videos');
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          {t('confirmation.nextTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-muted-foreground">
          <li>{t('confirmation.next.generate', { seconds })}</li>
          <li>{t('confirmation.next.history')}</li>
          <li>{t('confirmation.next.download')}</li>
        </ol>
      </CardContent>
    </Card>
  );
}

/** The ways on from the confirmation page: the dashboard, the history, or another video. */
export function ConfirmationWaysOn() {
  const { t } = useTranslation('videos');
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <Link to="/dashboard" data-testid="confirmation-dashboard">
            <House aria-hidden="true" />
            {t('confirmation.dashboard')}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/dashboard/history" data-testid="confirmation-history">
            <History aria-hidden="true" />
            {t('confirmation.history')}
          </Link>
        </Button>
      </div>
      <Button asChild variant="link">
        <Link to="/dashboard/create">
          <Plus aria-hidden="true" />
          {t('confirmation.createAnother')}
        </Link>
      </Button>
    </div>
  );
}
