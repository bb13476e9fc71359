import { ChevronRight, History, ShoppingCart, Video } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const ACTIONS = [
  { to: '/dashboard/create', key: 'create', icon: Video },
  { to: '/dashboard/buy-credits', key: 'buyCredits', icon: ShoppingCart },
  { to: '/dashboard/history', key: 'history', icon: History },
] as const;

/** Quick actions (spec §2): create, buy credits, history — one tap target each, full width on a phone. */
export function QuickActions() {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('actions.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {ACTIONS.map((action) => (
          <li key={action.key} className="min-w-0">
            <Link
              to={action.to}
              data-testid={`quick-${action.key}`}
              className="group flex min-h-16 items-center gap-3 rounded-(--radius-card) border border-border bg-card p-4 shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary"
              >
                <action.icon className="size-5" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium">{t(`actions.${action.key}`)}</span>
                <span className="truncate text-xs text-muted-foreground">
                  {t(`actions.${action.key}Hint`)}
                </span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
