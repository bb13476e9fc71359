import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '../components/logo';
import { Button } from '../components/ui/button';
import { cn } from '../lib/cn';
import { currentLanguage, LANGUAGES, setLanguage } from './i18n';

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

function SiteHeader() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Close the mobile menu on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the location changes
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  // Escape closes it and returns focus to the toggle.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground',
      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      isActive ? 'text-foreground' : 'text-muted-foreground',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
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
          <Button asChild size="sm">
            <Link to="/auth/login">{t('nav.signIn')}</Link>
          </Button>
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
          </Button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label={t('nav.label')}
        hidden={!open}
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

function LanguageSwitch() {
  const { t } = useTranslation('common'); // re-renders on language change
  const active = currentLanguage();
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{t('footer.language')}</legend>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={active === lang}
          onClick={() => void setLanguage(lang)}
          className={cn(
            'cursor-pointer rounded-md px-2.5 py-1.5 text-sm transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            active === lang
              ? 'bg-muted font-medium text-foreground'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </fieldset>
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

/** Header + page + footer for the public pages and the 404 page. */
export default function PublicLayout() {
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
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
