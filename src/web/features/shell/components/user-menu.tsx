import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu';
import type { Me } from '#web/features/accounts';
import { useSignOutAction } from '../hooks/use-sign-out-action';
import { ACCOUNT_NAV } from './nav-items';
import { UserAvatar } from './user-avatar';

/** The avatar's dropdown (desktop): who is signed in, Perfil, Configurações, Ajuda, Comprar Créditos, Sair. */
export function UserMenu({ me }: { me: Me }) {
  const { t } = useTranslation('shell');
  const signOut = useSignOutAction();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="user-menu"
        aria-label={t('nav.accountMenu', { name: me.user.name || me.user.email })}
        className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <UserAvatar name={me.user.name} email={me.user.email} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
          <span className="truncate text-sm font-medium text-foreground">{me.user.name}</span>
          <span className="truncate text-xs">{me.user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ACCOUNT_NAV.map((item) => (
          <DropdownMenuItem key={item.key} asChild>
            <Link to={item.to}>
              <item.icon aria-hidden="true" />
              {t(`nav.${item.key}`)}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={signOut.isPending}
          onSelect={() => void signOut.run()}
          data-testid="sign-out"
        >
          <LogOut aria-hidden="true" />
          {t('nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
