import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Button } from '#web/components/ui/button';
import { isApiError } from '#web/lib/api';
import { textToDay } from '#web/lib/day-text';
import { useMe } from '../api/me';
import { useSetBirthDate } from '../api/set-birth-date';
import { type BirthDateValues, birthDateFormSchema } from '../lib/form-schemas';
import { BirthDateField } from './birth-date-field';

/**
 * The age rule for accounts without a birth date (ADR 0066): made before the rule, or with Google, which sends
 * none. Around the pages that spend (create, buy credits, a story's drafts) it asks for the date first, with the
 * sign-up's field, rule and message; the server refuses those operations the same way (`birth_date_required`),
 * so this is the way through, not the guard. Every other page is as before.
 */
function BirthDateScreen() {
  const { t } = useTranslation('accounts');
  const setBirthDate = useSetBirthDate();
  const schema = useMemo(() => birthDateFormSchema(t), [t]);
  const form = useForm<BirthDateValues>({ resolver: zodResolver(schema), defaultValues: { birthDate: '' } });

  const onSubmit = async ({ birthDate }: BirthDateValues) => {
    try {
      await setBirthDate.mutateAsync(textToDay(birthDate) ?? '');
    } catch (error) {
      const message =
        isApiError(error) && error.code === 'under_age' ? t('signUp.underAge') : t('ageGate.error');
      form.setError('birthDate', { message });
    }
  };

  return (
    <section aria-labelledby="age-gate-title" className="container-page mx-auto max-w-md space-y-4 py-6">
      <ShieldCheck aria-hidden="true" className="size-8 text-primary" />
      <h1 id="age-gate-title" className="text-xl font-semibold">
        {t('ageGate.title')}
      </h1>
      <p className="text-muted-foreground">{t('ageGate.body')}</p>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <BirthDateField control={form.control} />
        <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
          {t('ageGate.submit')}
        </Button>
      </form>
    </section>
  );
}

export default function RequireAdultLayout() {
  const me = useMe();
  if (me.data && !me.data.user.birthDateKnown) return <BirthDateScreen />;
  return <Outlet />;
}
