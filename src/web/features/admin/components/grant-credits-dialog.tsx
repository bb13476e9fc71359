import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ADMIN_GRANT_MAX_CREDITS, type AdminGrantInput, adminGrantSchema } from '#shared/admin';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog';
import { FieldError, FieldHint, Input, Label, Textarea } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import { formatCredits } from '#web/features/credits';
import { currentLanguage } from '#web/lib/language';
import { newUuid } from '#web/lib/uuid';
import { useGrantCredits } from '../api/grant-credits';

type Field = keyof AdminGrantInput;

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
 * The form inside the dialog. Radix mounts it on every open, so each open gets a fresh form; the idempotency key
 * comes from the dialog and lives until a grant succeeds (docs/admin-contract.md): a double submit, a retry after a
 * lost answer, or closing the dialog mid-request and submitting again, grants once.
 */
function GrantForm({
  userId,
  email,
  idempotencyKey,
  onDone,
  onGranted,
}: {
  userId: string;
  email: string;
  idempotencyKey: string;
  onDone: () => void;
  onGranted: () => void;
}) {
  const { t } = useTranslation('admin');
  const grant = useGrantCredits(userId);
  // Set synchronously: a double click submits twice before React re-renders the button as busy.
  const inFlight = useRef(false);
  const ids = { amount: useId(), reason: useId(), days: useId(), daysHint: useId() };
  const errorIds: Record<Field, string> = {
    amount: `${ids.amount}-error`,
    reason: `${ids.reason}-error`,
    expiresInDays: `${ids.days}-error`,
    idempotencyKey: `${ids.amount}-key-error`,
  };
  const errorId = (field: Field) => errorIds[field];

  // The shared schema words its refusals in pt-BR (the API's language); other UI languages get the form's own.
  const resolver = useMemo<Resolver<GrantFormValues, unknown, AdminGrantInput>>(() => {
    const validate = zodResolver(grantFormSchema);
    return async (values, context, options) => {
      const result = await validate(values, context, options);
      if (currentLanguage() === 'pt-BR' || Object.keys(result.errors).length === 0) return result;
      const message = (field: string) =>
        t(`grant.errors.${field as Field}`, { max: formatCredits(ADMIN_GRANT_MAX_CREDITS) });
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
  const { errors } = form.formState;

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

  const invalid = (field: Field) => (errors[field] ? true : undefined);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="flex flex-col gap-4"
      data-testid="grant-form"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.amount}>{t('grant.amount')}</Label>
        <Input
          id={ids.amount}
          type="number"
          inputMode="numeric"
          min={1}
          max={ADMIN_GRANT_MAX_CREDITS}
          step={1}
          required
          {...form.register('amount')}
          aria-invalid={invalid('amount')}
          aria-describedby={errors.amount ? errorId('amount') : undefined}
          data-testid="grant-amount"
        />
        <FieldError id={errorId('amount')}>{errors.amount?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.reason}>{t('grant.reason')}</Label>
        <Textarea
          id={ids.reason}
          required
          maxLength={200}
          rows={3}
          placeholder={t('grant.reasonPlaceholder')}
          {...form.register('reason')}
          aria-invalid={invalid('reason')}
          aria-describedby={errors.reason ? errorId('reason') : undefined}
          data-testid="grant-reason"
        />
        <FieldError id={errorId('reason')}>{errors.reason?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.days}>{t('grant.expiresInDays')}</Label>
        <Input
          id={ids.days}
          type="number"
          inputMode="numeric"
          min={1}
          max={3650}
          step={1}
          {...form.register('expiresInDays')}
          aria-invalid={invalid('expiresInDays')}
          aria-describedby={
            errors.expiresInDays ? `${ids.daysHint} ${errorId('expiresInDays')}` : ids.daysHint
          }
          data-testid="grant-days"
        />
        <FieldHint id={ids.daysHint}>{t('grant.expiresHint')}</FieldHint>
        <FieldError id={errorId('expiresInDays')}>{errors.expiresInDays?.message}</FieldError>
      </div>
      {errors.idempotencyKey ? <FieldError>{errors.idempotencyKey?.message}</FieldError> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={grant.isPending}>
          {t('grant.cancel')}
        </Button>
        <Button type="submit" loading={grant.isPending} data-testid="grant-submit">
          {t('grant.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Conceder créditos': an adjustment grant for one user (POST /api/admin/users/:id/credits). */
export function GrantCreditsDialog({
  open,
  onOpenChange,
  userId,
  email,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  email: string;
}) {
  const { t } = useTranslation('admin');
  // One key until a grant goes through (the user detail, and so this dialog, is mounted per user): a new key on
  // every open would let a submit repeated after closing the dialog mid-request grant twice.
  const [idempotencyKey, setIdempotencyKey] = useState(newUuid);
  const granted = () => {
    setIdempotencyKey(newUuid());
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="grant-dialog">
        <DialogHeader>
          <DialogTitle>{t('grant.title')}</DialogTitle>
          <DialogDescription className="break-all">{t('grant.description', { email })}</DialogDescription>
        </DialogHeader>
        <GrantForm
          userId={userId}
          email={email}
          idempotencyKey={idempotencyKey}
          onDone={() => onOpenChange(false)}
          onGranted={granted}
        />
      </DialogContent>
    </Dialog>
  );
}
