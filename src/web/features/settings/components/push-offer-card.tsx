import { BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { usePushDevice } from '../hooks/use-push-device';

/** Where "Agora não" is remembered on this browser: the offer is made until the user answers it once. */
const DISMISSED_KEY = 'cena.push-offer-dismissed';

const dismissedBefore = () => {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * The Web Push opt-in after a create (ADR 0038), self-contained so any page can place it: shown only while this
 * device could still say yes — the Push API exists, the permission was neither given nor refused, no subscription,
 * not dismissed. Nothing is asked until the user clicks "Ativar notificações".
 */
export function PushOfferCard() {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const device = usePushDevice();
  const [dismissed, setDismissed] = useState(dismissedBefore);
  const offerable =
    device.state === 'off' && typeof Notification !== 'undefined' && Notification.permission === 'default';
  if (dismissed || !offerable) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: the offer simply comes back next time.
    }
    setDismissed(true);
  };
  const enable = async () => {
    try {
      const next = await device.enable();
      if (next === 'on') toast.success(t('push.enabled'));
      else if (next === 'denied') toast.error(t('push.blocked'));
    } catch {
      toast.error(t('push.error'));
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      data-testid="push-offer"
      className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center"
    >
      <BellRing aria-hidden="true" className="size-6 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={titleId} className="font-semibold">
          {t('push.offerTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('push.offerText')}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={() => void enable()} loading={device.busy}>
          {t('push.offerEnable')}
        </Button>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          {t('push.offerDismiss')}
        </Button>
      </div>
    </section>
  );
}
