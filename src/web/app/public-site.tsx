/**
 * The public pages, rendered to static HTML by the build (entry-prerender.tsx) and never by the browser: their
 * interactive pieces are islands (entry-islands.ts, ADR 0004).
 */
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { NOT_FOUND_PATH, type PRERENDERED_PATHS } from '#shared/routes';
import FaqPage from '#web/features/faq/faq-page';
import ContactPage from '#web/features/public/pages/contact-page';
import HowItWorksPage from '#web/features/public/pages/how-it-works-page';
import LandingPage from '#web/features/public/pages/landing-page';
import PricingPage from '#web/features/public/pages/pricing-page';
import PrivacyPage from '#web/features/public/pages/privacy-page';
import TermsPage from '#web/features/public/pages/terms-page';
import '#web/styles.css';
import i18n from './i18n';
import NotFoundPage from './not-found-page';
import { PublicLayout } from './public-layout';

export type PublicPath = (typeof PRERENDERED_PATHS)[number] | typeof NOT_FOUND_PATH;

const PUBLIC_PAGES: Record<PublicPath, ComponentType> = {
  '/': LandingPage,
  '/pricing': PricingPage,
  '/how-it-works': HowItWorksPage,
  '/faq': FaqPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/contact': ContactPage,
  [NOT_FOUND_PATH]: NotFoundPage,
};

/** The i18n namespaces the public pages use besides `common`. */
export const PUBLIC_NAMESPACES = ['public', 'faq'] as const;

export function PublicSite({ path }: { path: PublicPath }) {
  const Page = PUBLIC_PAGES[path];
  return (
    <I18nextProvider i18n={i18n}>
      <PublicLayout>
        <Page />
      </PublicLayout>
    </I18nextProvider>
  );
}
