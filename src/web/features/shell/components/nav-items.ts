import {
  CircleHelp,
  CreditCard,
  History,
  House,
  type LucideIcon,
  ScrollText,
  Settings,
  Sparkles,
  User,
  Users,
  Video,
} from 'lucide-react';
import { STORIES_PATH } from '#web/features/stories';

export interface NavItem {
  to: string;
  key:
    | 'dashboard'
    | 'create'
    | 'stories'
    | 'history'
    | 'cast'
    | 'profile'
    | 'settings'
    | 'help'
    | 'buyCredits'
    | 'plans';
  icon: LucideIcon;
  /** Match the path exactly (the dashboard home) instead of as a prefix. */
  end?: boolean;
}

/** Main sections of the signed-in area (top bar on desktop, drawer on mobile). */
export const MAIN_NAV: readonly NavItem[] = [
  { to: '/dashboard', key: 'dashboard', icon: House, end: true },
  { to: '/dashboard/create', key: 'create', icon: Video },
  { to: STORIES_PATH, key: 'stories', icon: ScrollText },
  { to: '/dashboard/history', key: 'history', icon: History },
  { to: '/dashboard/cast', key: 'cast', icon: Users },
];

/** The user menu (spec §2): Perfil, Configurações, Ajuda, Comprar Créditos — then Sair. */
export const ACCOUNT_NAV: readonly NavItem[] = [
  { to: '/dashboard/profile', key: 'profile', icon: User },
  { to: '/dashboard/settings', key: 'settings', icon: Settings },
  { to: '/dashboard/help', key: 'help', icon: CircleHelp },
  { to: '/dashboard/buy-credits', key: 'buyCredits', icon: CreditCard },
];

export const PLANS_NAV: NavItem = { to: '/pricing', key: 'plans', icon: Sparkles };
