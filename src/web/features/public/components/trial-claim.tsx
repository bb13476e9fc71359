import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TRIAL_CREDITS, TRIAL_VALIDITY_DAYS } from '#shared/catalogue';
import { useFormatters } from '../lib/format';

/**
 * "Seu primeiro vídeo é grátis", from the catalogue's trial (ADR 0040). The server drops the item from the
 * prerendered page while TRIAL_ENABLED is off (web-pages.server.ts finds it by `data-trial-claim`), so a page
 * never offers a trial the operator does not give.
 */
export function TrialClaim({ text }: { text: 'landing.hero.trial' | 'pricing.trust.trial' }) {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  return (
    <li data-trial-claim="" className="flex items-center gap-2">
      <Gift aria-hidden="true" className="size-4 text-primary" />
      {t(text, { credits: n(TRIAL_CREDITS), days: n(TRIAL_VALIDITY_DAYS) })}
    </li>
  );
}
