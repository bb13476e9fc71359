import { useTranslation } from 'react-i18next';
import { pluralTemplate } from '#web/lib/text-template';

/**
 * Parts of the static public pages that depend on who is looking. The prerender cannot know, so it writes both:
 * `data-viewer-only="signed-out"` shows by default, `data-viewer-only="signed-in"` starts hidden, and the
 * site-header island swaps them (and fills every balance slot) once the session is known.
 */
export const signedOutOnly = { 'data-viewer-only': 'signed-out' } as const;
export const signedInOnly = { 'data-viewer-only': 'signed-in', hidden: true } as const;

/** The signed-in viewer's credit balance ("120 créditos"), filled in by the site-header island. */
export function BalanceSlot({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const template = pluralTemplate((count) => t('balance', { count, replace: { count: '{count}' } }));
  // "51 créditos" is one unit: it never breaks across lines.
  const classes = className ? `whitespace-nowrap ${className}` : 'whitespace-nowrap';
  return <span data-balance data-one={template.one} data-other={template.other} className={classes} />;
}
