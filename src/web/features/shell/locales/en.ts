import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './pt-BR';

/** `shell` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  nav: {
    label: 'Dashboard navigation',
    homeLabel: 'Cena — go to dashboard',
    dashboard: 'Home',
    create: 'Create video',
    stories: 'Story',
    cast: 'Cast',
    history: 'History',
    plans: 'Plans',
    profile: 'Profile',
    settings: 'Settings',
    help: 'Help',
    buyCredits: 'Buy credits',
    signOut: 'Sign out',
    openMenu: 'Open menu',
    closeMenu: 'Close',
    menuTitle: 'Menu',
    accountMenu: 'Account menu for {{name}}',
    accountMenuShort: 'Account',
  },
};

export default en;
