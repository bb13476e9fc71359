import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_GRANT_MAX_CREDITS } from '#shared/admin';
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
import { newUuid } from '#web/lib/uuid';
import { type GrantField, useGrantForm } from '../hooks/use-grant-form';

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
  const ids = { amount: useId(), reason: useId(), days: useId(), daysHint: useId() };
  const errorIds: Record<GrantField, string> = {
    amount: `${ids.amount}-error`,
    reason: `${ids.reason}-error`,
    expiresInDays: `${ids.days}-error`,
    idempotencyKey: `${ids.amount}-key-error`,
  };
  const errorId = (field: GrantField) => errorIds[field];
  const { form, submit, pending } = useGrantForm(userId, email, idempotencyKey, onGranted);
  const { errors } = form.formState;
  const invalid = (field: GrantField) => (errors[field] ? true : undefined);

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
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {t('grant.cancel')}
        </Button>
        <Button type="submit" loading={pending} data-testid="grant-submit">
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
