import { Coins, Menu, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Logo } from '#web/components/logo';
import { Button } from '#web/components/ui/button';
import { BalanceSlot, signedInOnly, signedOutOnly } from '#web/features/public/components/viewer-slots';
import { cn } from '#web/lib/cn';
import { currentLanguage, LANGUAGES } from './i18n';

const HEADER_LINKS = [
  { to: '/how-it-works', key: 'nav.howItWorks' },
  { to: '/pricing', key: 'nav.pricing' },
  { to: '/faq', key: 'nav.faq' },
  { to: '/contact', key: 'nav.contact' },
] as const;

const FOOTER_GROUPS = [
  {
    key: 'footer.product',
    links: [
      { to: '/', key: 'nav.home' },
      { to: '/how-it-works', key: 'nav.howItWorks' },
      { to: '/pricing', key: 'nav.pricing' },
      { to: '/faq', key: 'nav.faq' },
    ],
  },
  { key: 'footer.support', links: [{ to: '/contact', key: 'nav.contact' }] },
  {
    key: 'footer.legal',
    links: [
      { to: '/terms', key: 'nav.terms' },
      { to: '/privacy', key: 'nav.privacy' },
    ],
  },
] as const;

const ICON_BUTTON = cn(
  'group inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-lg transition-colors hover:bg-accent md:hidden',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
);

/**
 * Static header (the prerender writes it; the site-header island wires the mobile menu and swaps 'Entrar' for
 * 'Painel' and the balance when someone is signed in).
 */
function SiteHeader() {
  const { t } = useTranslation('common');
  const menuId = useId();

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground',
      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      isActive ? 'text-foreground' : 'text-muted-foreground',
    );

  return (
    <header
      data-site-header
      className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75"
    >
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <Logo />
        <nav aria-label={t('nav.label')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Button asChild size="sm" {...signedOutOnly}>
            <Link to="/auth/login">{t('nav.signIn')}</Link>
          </Button>
          <p
            {...signedInOnly}
            className="inline-flex h-8 items-center gap-1.5 rounded-full bg-primary-soft px-3 text-sm font-medium text-primary"
          >
            <Coins aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('nav.balanceLabel')}: </span>
            <BalanceSlot />
          </p>
          <Button asChild size="sm" {...signedInOnly}>
            <Link to="/dashboard">{t('nav.dashboard')}</Link>
          </Button>
          <button
            type="button"
            className={ICON_BUTTON}
            aria-expanded={false}
            aria-controls={menuId}
            aria-label={t('nav.openMenu')}
            data-menu-toggle
            data-label-open={t('nav.openMenu')}
            data-label-close={t('nav.closeMenu')}
          >
            <Menu className="size-5 group-aria-expanded:hidden" aria-hidden="true" />
            <X className="hidden size-5 group-aria-expanded:block" aria-hidden="true" />
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label={t('nav.label')}
        hidden
        data-menu
        className="border-t border-border bg-background md:hidden"
      >
        <ul className="container-page flex flex-col py-2">
          {HEADER_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-12 items-center rounded-md px-3 text-base font-medium',
                    'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
                    isActive ? 'bg-muted text-foreground' : 'text-muted-foreground hover:bg-muted',
                  )
                }
              >
                {t(link.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** Plain links: the server serves each language's prerendered page for `?lang=` and remembers the choice. */
function LanguageSwitch() {
  const { t } = useTranslation('common');
  const active = currentLanguage();
  return (
    <nav aria-label={t('footer.language')} className="flex items-center gap-1">
      {LANGUAGES.map((lang) => (
        <a
          key={lang}
          href={`?lang=${lang}`}
          lang={lang}
          hrefLang={lang}
          aria-current={active === lang ? 'true' : undefined}
          className={cn(
            'rounded-md px-2.5 py-1.5 text-sm transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            active === lang
              ? 'bg-muted font-medium text-foreground'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {t(`language.${lang}`)}
        </a>
      ))}
    </nav>
  );
}

function SiteFooter() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-border bg-card">
      <div className="container-page grid grid-cols-3 gap-x-4 gap-y-8 py-10 md:grid-cols-[1.5fr_repeat(3,1fr)] md:gap-10 md:py-12">
        <div className="col-span-full flex flex-col gap-3 md:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">{t('tagline')}</p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <div key={group.key}>
            <h2 className="text-sm font-semibold text-foreground">{t(group.key)}</h2>
            <ul className="mt-3 flex flex-col gap-1">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-9 items-center rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="container-page flex flex-col gap-3 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1">
            <p suppressHydrationWarning>{t('footer.rights', { year })}</p>
            <p>{t('footer.adultsOnly')}</p>
          </div>
          <LanguageSwitch />
        </div>
      </div>
    </footer>
  );
}

/** Header + page + footer for the public pages and the 404 page (prerendered; see ADR 0004). */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
