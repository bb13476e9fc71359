import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { isApiError } from '#web/lib/api';
import { textToDay } from '#web/lib/day-text';
import { useSetBirthDate } from '../api/set-birth-date';
import { type BirthDateValues, birthDateFormSchema } from '../lib/form-schemas';
import { BirthDateField } from './birth-date-field';

/**
 * The age rule's question (ADR 0066) — the sign-up's field, rule and message — as the "Confirme sua idade" screen
 * and dialog both ask it. Once the server stores the date (the cached user then knows it), `onConfirmed` runs.
 */
export function BirthDateForm({ onConfirmed }: { onConfirmed?: () => void }) {
  const { t } = useTranslation('accounts');
  const setBirthDate = useSetBirthDate();
  const schema = useMemo(() => birthDateFormSchema(t), [t]);
  const form = useForm<BirthDateValues>({ resolver: zodResolver(schema), defaultValues: { birthDate: '' } });

  const onSubmit = async ({ birthDate }: BirthDateValues) => {
    try {
      await setBirthDate.mutateAsync(textToDay(birthDate) ?? '');
      onConfirmed?.();
    } catch (error) {
      const message =
        isApiError(error) && error.code === 'under_age' ? t('signUp.underAge') : t('ageGate.error');
      form.setError('birthDate', { message });
    }
  };
  // Asked from inside another form's dialog (a paid action's), whose form is an ancestor in React's tree even
  // though the dialog is portalled: the submit must not reach it, or it would send that action again.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    void form.handleSubmit(onSubmit)(event);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <BirthDateField control={form.control} />
      <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
        {t('ageGate.submit')}
      </Button>
    </form>
  );
}
