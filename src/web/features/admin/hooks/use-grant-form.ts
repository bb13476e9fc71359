import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ADMIN_GRANT_MAX_CREDITS, type AdminGrantInput, adminGrantSchema } from '#shared/admin';
import { toast } from '#web/components/ui/toaster';
import { formatCredits } from '#web/features/credits';
import { currentLanguage } from '#web/lib/language';
import { useGrantCredits } from '../api/grant-credits';

export type GrantField = keyof AdminGrantInput;

/** '' → undefined (so the schema says "informe…"), else the number as typed (the schema checks it is an integer). */
const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));

/** What the inputs hold, turned into the shared `POST /api/admin/users/:id/credits` body and checked by it. */
const grantFormSchema = z
  .object({ amount: z.string(), reason: z.string(), expiresInDays: z.string(), idempotencyKey: z.string() })
  .transform(({ amount, reason, expiresInDays, idempotencyKey }) => ({
    amount: numberOrUndefined(amount),
    reason,
    ...(expiresInDays.trim() === '' ? {} : { expiresInDays: numberOrUndefined(expiresInDays) }),
    idempotencyKey,
  }))
  .pipe(adminGrantSchema);
type GrantFormValues = z.input<typeof grantFormSchema>;

/**
 * The grant form's values checked by the shared body schema, and its submit: one request at a time (a double click
 * grants once), the outcome said in a toast, `onGranted` told of a grant made or found.
 */
export function useGrantForm(userId: string, email: string, idempotencyKey: string, onGranted: () => void) {
  const { t } = useTranslation('admin');
  const grant = useGrantCredits(userId);
  // Set synchronously: a double click submits twice before React re-renders the button as busy.
  const inFlight = useRef(false);

  // The shared schema words its refusals in pt-BR (the API's language); other UI languages get the form's own.
  const resolver = useMemo<Resolver<GrantFormValues, unknown, AdminGrantInput>>(() => {
    const validate = zodResolver(grantFormSchema);
    return async (values, context, options) => {
      const result = await validate(values, context, options);
      if (currentLanguage() === 'pt-BR' || Object.keys(result.errors).length === 0) return result;
      const message = (field: string) =>
        t(`grant.errors.${field as GrantField}`, { max: formatCredits(ADMIN_GRANT_MAX_CREDITS) });
      const errors = Object.fromEntries(
        Object.entries(result.errors).map(([field, error]) => [field, { ...error, message: message(field) }]),
      ) as FieldErrors<GrantFormValues>;
      return { values: {}, errors };
    };
  }, [t]);
  const form = useForm<GrantFormValues, unknown, AdminGrantInput>({
    resolver,
    defaultValues: { amount: '', reason: '', expiresInDays: '', idempotencyKey },
  });

  const submit = (body: AdminGrantInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    grant.mutate(body, {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: (result) => {
        if (result.created) {
          toast.success(t('grant.success'), {
            description: t('grant.successDescription', {
              amount: formatCredits(result.grant.amount),
              email,
              balance: formatCredits(result.balance),
            }),
          });
        } else {
          toast.info(t('grant.duplicate'));
        }
        onGranted();
      },
      onError: (error) => toast.error(t('grant.error'), { description: error.message }),
    });
  };

  return { form, submit, pending: grant.isPending };
}
