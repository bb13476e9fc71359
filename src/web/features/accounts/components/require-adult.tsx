import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useMe } from '../api/me';
import { BirthDateForm } from './birth-date-form';

/**
 * The age rule for accounts without a birth date (ADR 0066): made before the rule, or with Google, which sends
 * none. Around the pages that spend (create, buy credits, a story's drafts) it asks for the date first, with the
 * sign-up's field, rule and message; the server refuses those operations the same way (`birth_date_required`),
 * so this is the way through, not the guard. Every other page is as before; the paid actions of a page that is
 * not gated (the video page's) ask the same in a dialog when the server refuses them (birth-date-dialog.tsx).
 */
function BirthDateScreen() {
  const { t } = useTranslation('accounts');
  return (
    <section aria-labelledby="age-gate-title" className="container-page mx-auto max-w-md space-y-4 py-6">
      <ShieldCheck aria-hidden="true" className="size-8 text-primary" />
      <h1 id="age-gate-title" className="text-xl font-semibold">
        {t('ageGate.title')}
      </h1>
      <p className="text-muted-foreground">{t('ageGate.body')}</p>
      <BirthDateForm />
    </section>
  );
}

export default function RequireAdultLayout() {
  const me = useMe();
  if (me.data && !me.data.user.birthDateKnown) return <BirthDateScreen />;
  return <Outlet />;
}
