import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '#web/components/ui/toaster';
import { usePushDevice } from '../hooks/use-push-device';
import type { PushDeviceState } from '../lib/push-device';
import { SettingSwitchCard } from './setting-switch-card';

/**
 * Web Push on this device (ADR 0038), beside the e-mail setting: a switch that subscribes or unsubscribes this
 * browser. The permission prompt comes only from the switch; a browser without the Push API, or where the user
 * blocked Cena, gets the reason and the way out instead of a switch that cannot work.
 */
export function PushDeviceCard() {
  const { t } = useTranslation('settings');
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
    <SettingSwitchCard
      testId="push-device-card"
      icon={BellRing}
      title={t('push.title')}
      description={t('push.description')}
      label={t('push.label')}
      hint={blocked ? t(`push.${device.state as 'unsupported' | 'denied'}`) : t('push.hint')}
      control={
        device.state === undefined
          ? 'loading'
          : blocked
            ? null
            : {
                checked: device.state === 'on',
                disabled: device.busy,
                onChange: (on) => void onChange(on),
                testId: 'push-device-switch',
              }
      }
    />
  );
}
