import type { LocaleShape } from '../locale-shape';
import type ptBR from './pt-BR';

/** `common` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  brand: 'Cena',
  tagline: '8-second AI videos, from text to scene.',
  loading: 'Loading…',
  close: 'Close',
  notifications: 'Notifications',
  skipToContent: 'Skip to content',
  homeLinkLabel: 'Cena — home page',
  words: {
    yes: 'Yes',
    no: 'No',
    cancel: 'Cancel',
    confirm: 'Confirm',
    save: 'Save',
    back: 'Back',
    next: 'Next',
    previous: 'Previous',
    retry: 'Try again',
    search: 'Search',
    copy: 'Copy',
    copied: 'Copied!',
    download: 'Download',
    credits: 'credits',
    error: 'Something went wrong. Please try again.',
  },
  nav: {
    label: 'Main navigation',
    home: 'Home',
    howItWorks: 'How it works',
    pricing: 'Pricing',
    faq: 'FAQ',
    contact: 'Contact',
    terms: 'Terms of use',
    privacy: 'Privacy',
    signIn: 'Sign in',
    dashboard: 'Dashboard',
    balanceLabel: 'Your balance',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  footer: {
    product: 'Product',
    support: 'Support',
    legal: 'Legal',
    rights: '© {{year}} Cena. All rights reserved.',
    adultsOnly: 'This service is for people aged 18 and over.',
    language: 'Language',
  },
  language: {
    label: 'Language',
    'pt-BR': 'Português',
    en: 'English',
  },
  balance_one: '{{count}} credit',
  balance_other: '{{count}} credits',
  notFound: {
    code: '404',
    title: 'Oops! Page not found',
    subtitle: 'The page you are looking for does not exist or has moved.',
    home: 'Back to home',
    documentTitle: 'Page not found — Cena',
  },
};

export default en;
