import type { LocaleShape } from '../../../app/locale-shape';
import type ptBR from './pt-BR';

/** `shell` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  nav: {
    label: 'Dashboard navigation',
    homeLabel: 'Cena — go to dashboard',
    dashboard: 'Home',
    create: 'Create video',
    history: 'History',
    plans: 'Plans',
    profile: 'Profile',
    help: 'Help',
    buyCredits: 'Buy credits',
    signOut: 'Sign out',
    openMenu: 'Open menu',
    closeMenu: 'Close',
    menuTitle: 'Menu',
    accountMenu: 'Account menu for {{name}}',
    accountMenuShort: 'Account',
  },
  home: {
    documentTitle: 'Dashboard — Cena',
    greeting: { morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening' },
    greetingWithName: '{{greeting}}, {{name}}!',
    greetingAlone: '{{greeting}}!',
    subtitle: 'Keep track of your credits and get your next video ready.',
    more: 'Stats, quick actions and recent activity are coming to this page soon.',
  },
  comingSoon: {
    title: 'Coming soon',
    body: 'This part of the dashboard is being built and is coming soon.',
    back: 'Back to dashboard',
    pages: {
      create: 'Create video',
      confirmation: 'Confirmation',
      history: 'Video history',
      request: 'Request details',
      settings: 'Settings',
    },
  },
};

export default en;
