import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { FieldError } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatCredits, useCredits } from '#web/features/credits';
import { useBuyCreditsSheet } from '../hooks/use-buy-credits-sheet';
import { BuyCreditsSheet } from './buy-credits-sheet';

/**
 * The one question before anything that spends credits (finish, extend, edit, retry; ADR 0058): what it costs, the
 * balance now and the balance after, and one button that charges. With a short balance the button is disabled, the
 * shortfall is named and 'Comprar créditos' opens the create page's buy sheet (ADR 0027) on top: the checkout opens
 * in another tab, the live `credits` event brings the balance, the sheet closes and this same question, with what
 * the user chose or typed, is back with its button enabled. The server holds the same price (`requestCredits`).
 */
export function ChargeConfirm({
  cost,
  confirmLabel,
  onConfirm,
  busy,
  error,
  testId,
  children,
}: {
  cost: number;
  confirmLabel: string;
  /** Omitted when the button submits the form this sits in. */
  onConfirm?: () => void;
  busy: boolean;
  error: string | null;
  /** Prefix of the test ids: `{testId}-confirm`, `{testId}-buy`. */
  testId: string;
  /** Between the figures and the button (a back link, a note). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('videos');
  const credits = useCredits();
  const balance = credits.data?.balance;
  const after = balance === undefined ? undefined : balance - cost;
  const short = after !== undefined && after < 0;
  const buying = useBuyCreditsSheet(short);
  const amount = (value: number) => t('charge.credits', { count: value, value: formatCredits(value) });
  const pending = credits.isError ? t('create.summary.unavailable') : <Skeleton className="h-5 w-20" />;
  const row = 'flex items-center justify-between gap-4 py-1.5';
  return (
    <div className="flex flex-col gap-3" data-testid={`${testId}-charge`} data-short={short}>
      <dl className="divide-y divide-border rounded-lg border border-border px-3 text-sm">
        <div className={row}>
          <dt className="text-muted-foreground">{t('charge.cost')}</dt>
          <dd className="font-semibold tabular-nums" data-testid={`${testId}-cost`} data-value={cost}>
            {amount(cost)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted-foreground">{t('charge.balance')}</dt>
          <dd className="tabular-nums" data-testid={`${testId}-balance`} data-value={balance}>
            {balance === undefined ? pending : amount(balance)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted-foreground">{t('charge.after')}</dt>
          <dd
            className={short ? 'font-semibold text-destructive' : 'font-semibold tabular-nums'}
            data-testid={`${testId}-after`}
            data-value={after}
          >
            {after === undefined ? pending : short ? t('charge.insufficient') : amount(after)}
          </dd>
        </div>
      </dl>
      {short ? (
        <p
          role="status"
          className="flex items-start gap-2 text-sm text-destructive"
          data-testid={`${testId}-short`}
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('charge.short', { count: -(after ?? 0), missing: formatCredits(-(after ?? 0)) })}
        </p>
      ) : null}
      {buying.arrived && !short ? (
        <p role="status" className="text-sm text-success" data-testid={`${testId}-arrived`}>
          {t('charge.arrived')}
        </p>
      ) : null}
      {children}
      {error ? <FieldError data-testid={`${testId}-error`}>{error}</FieldError> : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        {short ? (
          <Button
            type="button"
            className="sm:flex-1"
            onClick={() => buying.setOpen(true)}
            data-testid={`${testId}-buy`}
          >
            {t('create.summary.getCredits')}
          </Button>
        ) : null}
        <Button
          type={onConfirm ? 'button' : 'submit'}
          variant={short ? 'outline' : 'primary'}
          className="h-auto! min-h-10 whitespace-normal! sm:flex-1"
          loading={busy}
          disabled={short || balance === undefined}
          onClick={onConfirm}
          data-testid={`${testId}-confirm`}
        >
          {confirmLabel}
        </Button>
      </div>
      <BuyCreditsSheet
        open={buying.open}
        onOpenChange={buying.setOpen}
        missing={short ? -(after ?? 0) : 0}
        description={t('charge.buyDescription')}
      />
    </div>
  );
}
