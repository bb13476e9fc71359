import { Mail } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/components/ui/toaster';
import { useSettings, useUpdateSettings } from '../api/settings';
import { Switch } from './switch';

/**
 * Notification preferences (docs/history-contract.md): an e-mail when a video is ready or has failed, on by default. Each change is
 * saved at once (`PATCH /api/me/settings`) with a toast; a failed save puts the switch back.
 */
export function NotificationsCard() {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const labelId = useId();
  const hintId = useId();
  const settings = useSettings();
  const update = useUpdateSettings();

  const onChange = (notifyOnVideoReady: boolean) =>
    update.mutate(
      { notifyOnVideoReady },
      {
        onSuccess: () => toast.success(t('notifications.saved')),
        onError: (failure) =>
          toast.error(t('notifications.saveError'), {
            description: failure instanceof Error && failure.message ? failure.message : undefined,
          }),
      },
    );

  return (
    <section aria-labelledby={titleId}>
      <Card data-testid="notifications-card">
        <CardHeader>
          <CardTitle as="h2" id={titleId}>
            {t('notifications.title')}
          </CardTitle>
          <CardDescription>{t('notifications.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex items-start gap-4 rounded-lg border border-border p-4">
            <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span id={labelId} className="font-medium">
                {t('notifications.videoReady')}
              </span>
              <span id={hintId} className="text-sm text-muted-foreground">
                {t('notifications.videoReadyHint')}
              </span>
            </div>
            {settings.data ? (
              <Switch
                checked={settings.data.notifyOnVideoReady}
                disabled={update.isPending}
                onChange={onChange}
                labelledBy={labelId}
                describedBy={hintId}
                testId="notify-video-ready"
              />
            ) : settings.isError ? null : (
              <Skeleton className="h-7 w-12 rounded-full" />
            )}
          </div>
          {settings.isError && !settings.data ? (
            <p role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-destructive">
              {t('notifications.loadError')}
              <Button
                size="sm"
                variant="outline"
                onClick={() => void settings.refetch()}
                loading={settings.isFetching}
              >
                {t('notifications.retry')}
              </Button>
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
