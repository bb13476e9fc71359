import { CircleCheck, Copy, HandCoins } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '#shared/format';
import type { AdminPayout, PayoutStatus } from '#shared/payout';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { toast } from '#web/components/ui/toaster';
import { copyText } from '#web/features/videos';
import { useAdminPayouts } from '../api/payouts';
import { formatAdminDateTime } from '../lib/format';
import { PayoutPaidButton } from './payout-paid-button';

/** Pending first: those are the money still owed, the only ones waiting for the operator. */
const TABS: readonly PayoutStatus[] = ['pending', 'paid'];

/**
 * 'Reembolsos por Pix' (ADR 0053, GET /api/admin/payouts): the refunds of boleto purchases, which Stripe cannot
 * return, one status per tab, newest first, with the buyer, amount, the Pix key (copied with one click), the dates
 * (São Paulo) and "Marcar como pago" once the operator has made the transfer. Stacked cards at 375 px, rows from `md`.
 */
export function PayoutsPanel() {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const [status, setStatus] = useState<PayoutStatus>('pending');
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-payouts">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <HandCoins aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {t('payouts.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('payouts.description')}</p>
      <Tabs value={status} onValueChange={(value) => setStatus(value as PayoutStatus)}>
        <TabsList aria-label={t('payouts.tabsLabel')} className="w-full sm:w-fit">
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab} data-testid={`payouts-tab-${tab}`}>
              {t(`payouts.states.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab} value={tab}>
            <PayoutList status={tab} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function PayoutList({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation('admin');
  const query = useAdminPayouts(status);
  const payouts = query.data;
  if (query.isError && !payouts) {
    return (
      <Card className="flex-row flex-wrap items-center gap-3 p-4 text-sm text-destructive" role="alert">
        {t('payouts.loadError')}
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('retry')}
        </Button>
      </Card>
    );
  }
  if (!payouts) {
    return (
      <div className="flex flex-col gap-2" aria-hidden="true" data-testid="payouts-loading">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (payouts.length === 0) {
    return (
      <div
        className="flex items-center gap-3 rounded-(--radius-card) border border-dashed border-border px-4 py-6 text-sm text-muted-foreground"
        data-testid="payouts-empty"
      >
        <CircleCheck aria-hidden="true" className="size-5 text-success" />
        {t(`payouts.empty.${status}`)}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground" data-testid="payouts-count">
        {t('payouts.count', { count: payouts.length })}
      </p>
      <Card className="overflow-hidden">
        <ul className="divide-y divide-border" aria-busy={query.isFetching || undefined}>
          {payouts.map((payout) => (
            <PayoutRow key={payout.claim} payout={payout} />
          ))}
        </ul>
      </Card>
    </div>
  );
}

function PayoutRow({ payout }: { payout: AdminPayout }) {
  const { t } = useTranslation('admin');
  const customer = payout.customerEmail ?? t('payouts.deletedAccount');
  const amount = formatBRL(payout.amountCents);
  return (
    <li
      className="grid grid-cols-1 gap-x-4 gap-y-2 p-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto]"
      data-testid="payout-item"
      data-claim={payout.claim}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="sr-only">{t('payouts.customer')}: </span>
        <span className="truncate text-sm font-medium" title={customer} data-testid="payout-customer">
          {customer}
        </span>
        <time dateTime={payout.createdAt} className="text-xs text-muted-foreground tabular-nums">
          <span data-testid="payout-created">
            {t('payouts.createdAt', { date: formatAdminDateTime(payout.createdAt) })}
          </span>
        </time>
        {payout.paidAt ? (
          <time dateTime={payout.paidAt} className="text-xs text-muted-foreground tabular-nums">
            <span data-testid="payout-paid-at">
              {t('payouts.paidAt', { date: formatAdminDateTime(payout.paidAt) })}
            </span>
          </time>
        ) : null}
      </div>
      <PixKey pixKey={payout.pixKey} customer={customer} />
      <div className="flex flex-wrap items-center gap-2 md:flex-col md:items-end">
        <span className="text-sm font-semibold tabular-nums" data-testid="payout-amount">
          <span className="sr-only">{t('payouts.amount')}: </span>
          {amount}
        </span>
        <Badge variant={payout.status === 'paid' ? 'success' : 'warning'} data-testid="payout-status">
          {t(`payouts.state.${payout.status}`)}
        </Badge>
        {payout.status === 'pending' ? (
          <PayoutPaidButton payout={payout} customer={customer} amount={amount} />
        ) : null}
      </div>
    </li>
  );
}

/** The key as the buyer typed it, whole (it wraps at 375 px), and a button that copies it for the bank's app. */
function PixKey({ pixKey, customer }: { pixKey: string; customer: string }) {
  const { t } = useTranslation('admin');
  const copy = async () => {
    try {
      await copyText(pixKey);
      toast.success(t('payouts.copied'));
    } catch {
      toast.error(t('payouts.copyError'));
    }
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="text-xs text-muted-foreground">{t('payouts.pixKey')}</span>
      <div className="flex min-w-0 items-center gap-2">
        <code
          className="min-w-0 flex-1 rounded-md border border-border px-2 py-1 text-sm break-all"
          data-testid="payout-pix-key"
        >
          {pixKey}
        </code>
        <Button
          size="sm"
          variant="outline"
          aria-label={t('payouts.copyLabel', { customer })}
          data-testid="payout-copy"
          onClick={() => void copy()}
        >
          <Copy aria-hidden="true" />
          {t('payouts.copy')}
        </Button>
      </div>
    </div>
  );
}
