import { CircleCheck, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '#shared/format';
import type { AdminNota, NotaViewState } from '#shared/nota';
import { NotaLinks } from '#web/components/nota-links';
import { Badge, type BadgeVariant } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useAdminNotas } from '../api/notas';
import { formatAdminDateTime } from '../lib/format';
import { NotaRetryButton } from './nota-retry-button';

/** The tabs in the order a nota lives; the panel opens on the failed ones, the only ones waiting for an admin. */
const TABS: readonly NotaViewState[] = ['issued', 'pending', 'failed', 'cancelled'];
const BADGE: Record<NotaViewState, BadgeVariant> = {
  issued: 'success',
  pending: 'warning',
  failed: 'destructive',
  cancelled: 'secondary',
};

/**
 * 'Notas fiscais' (ADR 0041, GET /api/nfse/notas): one state's notas per tab, newest change first, with the buyer,
 * amount, date (São Paulo), the PDF/XML once issued, the emitter's error once failed and "Tentar de novo" on those.
 * Stacked cards at 375 px, rows from `md`.
 */
export function NotasPanel() {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const [state, setState] = useState<NotaViewState>('failed');
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-notas">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <FileText aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {t('notas.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('notas.description')}</p>
      <Tabs value={state} onValueChange={(value) => setState(value as NotaViewState)}>
        <TabsList aria-label={t('notas.tabsLabel')} className="w-full sm:w-fit">
          {TABS.map((tab) => (
            // Four tabs fit a 375 px screen in the small type; the usual size from `sm`.
            <TabsTrigger
              key={tab}
              value={tab}
              className="px-2! text-xs! sm:px-3! sm:text-sm!"
              data-testid={`notas-tab-${tab}`}
            >
              {t(`notas.states.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab} value={tab}>
            <NotaList state={tab} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function NotaList({ state }: { state: NotaViewState }) {
  const { t } = useTranslation('admin');
  const query = useAdminNotas(state);
  const notas = query.data;
  if (query.isError && !notas) {
    return (
      <Card className="flex-row flex-wrap items-center gap-3 p-4 text-sm text-destructive" role="alert">
        {t('notas.loadError')}
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('retry')}
        </Button>
      </Card>
    );
  }
  if (!notas) {
    return (
      <div className="flex flex-col gap-2" aria-hidden="true" data-testid="notas-loading">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (notas.length === 0) {
    return (
      <div
        className="flex items-center gap-3 rounded-(--radius-card) border border-dashed border-border px-4 py-6 text-sm text-muted-foreground"
        data-testid="notas-empty"
      >
        <CircleCheck aria-hidden="true" className="size-5 text-success" />
        {t(`notas.empty.${state}`)}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground" data-testid="notas-count">
        {t('notas.count', { count: notas.length })}
      </p>
      <Card className="overflow-hidden">
        <ul className="divide-y divide-border" aria-busy={query.isFetching || undefined}>
          {notas.map((nota) => (
            <NotaRow key={nota.id} nota={nota} />
          ))}
        </ul>
      </Card>
    </div>
  );
}

function NotaRow({ nota }: { nota: AdminNota }) {
  const { t } = useTranslation('admin');
  const customer = nota.customerEmail ?? t('notas.deletedAccount');
  const amount = formatBRL(nota.amountCents);
  const number = nota.number ?? '—';
  return (
    <li
      className="grid grid-cols-1 gap-x-4 gap-y-2 p-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto]"
      data-testid="nota-item"
      data-id={nota.id}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="sr-only">{t('notas.customer')}: </span>
        <span className="truncate text-sm font-medium" title={customer} data-testid="nota-customer">
          {customer}
        </span>
        <time dateTime={nota.updatedAt} className="text-xs text-muted-foreground tabular-nums">
          <span className="sr-only">{t('notas.date')}: </span>
          <span data-testid="nota-date">{formatAdminDateTime(nota.updatedAt)}</span>
        </time>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm break-words">
          <span className="sr-only">{t('notas.item')}: </span>
          {nota.item}
          {nota.number ? (
            <span className="text-muted-foreground"> · {t('notas.number', { number: nota.number })}</span>
          ) : null}
        </p>
        {nota.state === 'failed' ? (
          <p className="text-xs break-words text-destructive" data-testid="nota-error">
            <span className="sr-only">{t('notas.error')}: </span>
            {nota.error ?? t('notas.noError')}
          </p>
        ) : null}
        <NotaLinks
          url={nota.url}
          xmlUrl={nota.xmlUrl}
          className="text-sm"
          pdf={{ text: t('notas.pdf'), label: t('notas.pdfLabel', { number, customer }), testId: 'nota-pdf' }}
          xml={{ text: t('notas.xml'), label: t('notas.xmlLabel', { number, customer }), testId: 'nota-xml' }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 md:flex-col md:items-end">
        <span className="text-sm font-semibold tabular-nums" data-testid="nota-amount">
          <span className="sr-only">{t('notas.amount')}: </span>
          {amount}
        </span>
        <Badge variant={BADGE[nota.state]} data-testid="nota-state">
          {t(`notas.state.${nota.state}`)}
        </Badge>
        {nota.state === 'failed' ? <NotaRetryButton nota={nota} customer={customer} amount={amount} /> : null}
      </div>
    </li>
  );
}
