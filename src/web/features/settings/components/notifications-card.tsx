import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { useSettings, useUpdateSettings } from '../api/settings';
import { SettingSwitchCard } from './setting-switch-card';

/**
 * Notification preferences (docs/history-contract.md): an e-mail when a video is ready or has failed, on by default. Each change is
 * saved at once (`PATCH /api/me/settings`) with a toast; a failed save puts the switch back.
 */
export function NotificationsCard() {
  const { t } = useTranslation('settings');
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
    <SettingSwitchCard
      testId="notifications-card"
      icon={Mail}
      title={t('notifications.title')}
      description={t('notifications.description')}
      label={t('notifications.videoReady')}
      hint={t('notifications.videoReadyHint')}
      control={
        settings.data
          ? {
              checked: settings.data.notifyOnVideoReady,
              disabled: update.isPending,
              onChange,
              testId: 'notify-video-ready',
            }
          : settings.isError
            ? null
            : 'loading'
      }
    >
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
    </SettingSwitchCard>
  );
}
