import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/components/ui/toaster';
import { usePushDevice } from '../hooks/use-push-device';
import type { PushDeviceState } from '../lib/push-device';
import { Switch } from './switch';

/**
 * Web Push on this device (ADR 0038), beside the e-mail setting: a switch that subscribes or unsubscribes this
 * browser. The permission prompt comes only from the switch; a browser without the Push API, or where the user
 * blocked Cena, gets the reason and the way out instead of a switch that cannot work.
 */
export function PushDeviceCard() {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const labelId = useId();
  const hintId = useId();
  const device = usePushDevice();

  const onChange = async (on: boolean) => {
    try {
      const next: PushDeviceState = await (on ? device.enable() : device.disable());
      if (next === 'on') toast.success(t('push.enabled'));
      else if (next === 'denied') toast.error(t('push.blocked'));
      else if (!on) toast.success(t('push.disabled'));
    } catch {
      toast.error(t('push.error'));
    }
  };

  const blocked = device.state === 'unsupported' || device.state === 'denied';
  return (
    <section aria-labelledby={titleId}>
      <Card data-testid="push-device-card">
        <CardHeader>
          <CardTitle as="h2" id={titleId}>
            {t('push.title')}
          </CardTitle>
          <CardDescription>{t('push.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex items-start gap-4 rounded-lg border border-border p-4">
            <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span id={labelId} className="font-medium">
                {t('push.label')}
              </span>
              <span id={hintId} className="text-sm text-muted-foreground">
                {blocked ? t(`push.${device.state as 'unsupported' | 'denied'}`) : t('push.hint')}
              </span>
            </div>
            {device.state === undefined ? (
              <Skeleton className="h-7 w-12 rounded-full" />
            ) : blocked ? null : (
              <Switch
                checked={device.state === 'on'}
                disabled={device.busy}
                onChange={(on) => void onChange(on)}
                labelledBy={labelId}
                describedBy={hintId}
                testId="push-device-switch"
              />
            )}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
