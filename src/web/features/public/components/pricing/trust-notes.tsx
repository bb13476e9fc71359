import { CreditCard, Lock, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANDING_CLAIMS } from '#shared/catalogue';
import { TrialClaim } from '../trial-claim';

/** SSL, Stripe and the user count under the plans. */
export function TrustNotes() {
  const { t } = useTranslation('public');
  const notes = [
    { icon: Lock, text: t('pricing.trust.ssl') },
    { icon: CreditCard, text: t('pricing.trust.stripe') },
    { icon: Users, text: t('pricing.trust.users', { value: LANDING_CLAIMS.users }) },
  ];
  return (
    <ul
      aria-label={t('pricing.trust.label')}
      className="flex flex-col items-center justify-center gap-3 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-8"
    >
      {notes.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-4 text-success" />
          {text}
        </li>
      ))}
      <TrialClaim text="pricing.trust.trial" />
    </ul>
  );
}
