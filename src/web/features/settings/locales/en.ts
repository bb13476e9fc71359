import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './pt-BR';

/** `settings` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  documentTitle: 'Settings — Cena',
  title: 'Settings',
  subtitle: 'Notifications and your account preferences.',
  notifications: {
    title: 'Notifications',
    description: 'Choose when Cena may e-mail you.',
    videoReady: 'E-mail me when a video is ready or has failed',
    videoReadyHint: 'With a link to the request details, in your account language.',
    saved: 'Notification preferences saved',
    saveError: 'Could not save the notification preferences',
    loadError: 'Could not load the notification preferences.',
    retry: 'Try again',
  },
  preferences: {
    profileLink: 'See all options in your Profile',
  },
  push: {
    title: 'Notifications on this device',
    description:
      'A notice on your phone or computer when a video is ready or has failed, even with Cena closed.',
    label: 'Notify me on this device',
    hint: 'One notification per submit: “Your video is ready” or “Failed — credits refunded”. For this browser only.',
    unsupported:
      'This browser does not receive notifications. On an iPhone, add Cena to the Home Screen (Share → Add to Home Screen) and turn them on there.',
    denied:
      "Cena's notifications are blocked in this browser. To get them, allow them in the site settings (the padlock next to the address).",
    enabled: 'Notifications on for this device',
    disabled: 'Notifications off for this device',
    blocked: 'The browser blocked notifications',
    error: "Could not change this device's notifications",
    offerTitle: 'Want to know when it is ready?',
    offerText:
      'Turn on notifications and we will tell you on this device when the video is ready, no need to keep this page open.',
    offerEnable: 'Turn on notifications',
    offerDismiss: 'Not now',
  },
};

export default en;
