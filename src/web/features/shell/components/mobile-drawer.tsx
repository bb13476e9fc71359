import { LogOut, Menu } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { LIMITS } from '#shared/catalogue';
import { Button } from '#web/components/ui/button';
import { DialogClose, DialogOverlay, DialogPortal, DialogTitle } from '#web/components/ui/dialog';
import type { Me } from '#web/features/accounts';
import { PlanBadge } from '#web/features/billing';
import { CreditBalancePill } from '#web/features/credits';
import { cn } from '#web/lib/cn';
import { useSignOutAction } from '../hooks/use-sign-out-action';
import { ACCOUNT_NAV, MAIN_NAV, type NavItem, PLANS_NAV } from './nav-items';
import { UserAvatar } from './user-avatar';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-12 items-center gap-3 rounded-lg px-3 text-base font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring [&_svg]:size-5 [&_svg]:shrink-0',
    isActive ? 'bg-primary-soft text-primary' : 'text-foreground hover:bg-accent',
  );

function DrawerLink({ item, label }: { item: NavItem; label: string }) {
  return (
    <li>
      <NavLink to={item.to} end={item.end} className={itemClass}>
        <item.icon aria-hidden="true" className="text-muted-foreground" />
        {label}
      </NavLink>
    </li>
  );
}

/** Mobile (< 768 px) side drawer: who is signed in, the balance and plan, the sections, Planos, the account items, Sair. */
export function MobileDrawer({ me }: { me: Me }) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const signOut = useSignOutAction();
  const [open, setOpen] = useState(false);

  // Close on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the location changes
  useEffect(() => setOpen(false), [location.pathname]);

  // The drawer is for narrow screens only: close it if the window grows to the desktop layout.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${LIMITS.mobileBreakpointPx}px)`);
    const onChange = () => query.matches && setOpen(false);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('nav.openMenu')} data-testid="open-drawer">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-testid="drawer"
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col gap-4 overflow-y-auto border-l border-border bg-card p-4 shadow-xl data-[state=open]:animate-fade-in focus-visible:outline-none"
        >
          <div className="flex items-center justify-between gap-2">
            <DialogTitle className="text-base">{t('nav.menuTitle')}</DialogTitle>
            <DialogClose asChild>
              <Button variant="ghost" size="sm">
                {t('nav.closeMenu')}
              </Button>
            </DialogClose>
          </div>
          <div className="flex items-center gap-3 rounded-lg bg-muted p-3">
            <UserAvatar name={me.user.name} email={me.user.email} />
            <div className="flex min-w-0 flex-col">
              <span className="truncate text-sm font-medium">{me.user.name}</span>
              <span className="truncate text-xs text-muted-foreground">{me.user.email}</span>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <CreditBalancePill />
            <PlanBadge />
          </div>
          <nav aria-label={t('nav.label')}>
            <ul className="flex flex-col gap-1">
              {MAIN_NAV.map((item) => (
                <DrawerLink key={item.key} item={item} label={t(`nav.${item.key}`)} />
              ))}
              <DrawerLink item={PLANS_NAV} label={t('nav.plans')} />
            </ul>
          </nav>
          <div className="h-px bg-border" />
          <ul className="flex flex-col gap-1" aria-label={t('nav.accountMenuShort')}>
            {ACCOUNT_NAV.map((item) => (
              <DrawerLink key={item.key} item={item} label={t(`nav.${item.key}`)} />
            ))}
          </ul>
          <Button
            variant="outline"
            className="mt-auto w-full text-destructive"
            loading={signOut.isPending}
            onClick={() => void signOut.run()}
            data-testid="drawer-sign-out"
          >
            {signOut.isPending ? null : <LogOut aria-hidden="true" />}
            {t('nav.signOut')}
          </Button>
        </DialogPrimitive.Content>
      </DialogPortal>
    </DialogPrimitive.Root>
  );
}
