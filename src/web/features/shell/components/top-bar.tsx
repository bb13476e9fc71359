import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LogoMark } from '#web/components/logo';
import { Button } from '#web/components/ui/button';
import type { Me } from '#web/features/accounts';
import { PlanBadge } from '#web/features/billing';
import { CreditBalancePill } from '#web/features/credits';
import { cn } from '#web/lib/cn';
import { MobileDrawer } from './mobile-drawer';
import { MAIN_NAV, PLANS_NAV } from './nav-items';
import { UserMenu } from './user-menu';

/** The signed-in top bar: logo, sections (desktop), plan badge (wide screens), live balance, 'Planos', the user menu or the drawer toggle. */
export function TopBar({ me }: { me: Me }) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation('common');
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-6">
          <Link
            to="/dashboard"
            aria-label={t('nav.homeLabel')}
            className="inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
          >
            <LogoMark />
            <span>{tCommon('brand')}</span>
          </Link>
          <nav aria-label={t('nav.label')} className="hidden md:block">
            <ul className="flex items-center gap-1">
              {MAIN_NAV.map((item) => (
                <li key={item.key}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) =>
                      cn(
                        'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground',
                        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                        isActive ? 'text-foreground' : 'text-muted-foreground',
                      )
                    }
                  >
                    {t(`nav.${item.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="flex items-center gap-2">
          <div className="hidden lg:block">
            <PlanBadge />
          </div>
          <CreditBalancePill />
          <div className="hidden md:block">
            <Button asChild variant="outline" size="sm">
              <Link to={PLANS_NAV.to} data-testid="plans-button">
                <PLANS_NAV.icon aria-hidden="true" />
                {t('nav.plans')}
              </Link>
            </Button>
          </div>
          <div className="hidden md:block">
            <UserMenu me={me} />
          </div>
          <div className="md:hidden">
            <MobileDrawer me={me} />
          </div>
        </div>
      </div>
    </header>
  );
}
