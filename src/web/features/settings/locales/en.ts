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
};

export default en;
