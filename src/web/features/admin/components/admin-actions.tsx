import { RefreshCw, ServerCog, ShieldCheck, Wrench, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnvironmentCheck, FixTransactionsResult } from '#shared/admin';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { toast } from '#web/components/ui/toaster';
import { useMe } from '#web/features/accounts';
import { formatCredits } from '#web/features/credits';
import { useEnvironmentCheck } from '../api/environment';
import { useFixTransactions } from '../api/fix-transactions';
import { useAdminReconcile } from '../api/reconcile';
import { formatAdminDateTime } from '../lib/format';

type EnvironmentKind =
  | NonNullable<EnvironmentCheck['stripeMode']>
  | EnvironmentCheck['paymentProvider']
  | EnvironmentCheck['databaseKind']
  | EnvironmentCheck['storageKind']
  | EnvironmentCheck['videoProvider']
  | EnvironmentCheck['mailKind'];

function EnvironmentResult({ check, onHide }: { check: EnvironmentCheck; onHide: () => void }) {
  const { t } = useTranslation('admin');
  const kind = (value: EnvironmentKind) => t(`environment.kinds.${value}`);
  const items: { id: string; label: string; ok: boolean; detail: string | null }[] = [
    {
      id: 'stripe',
      label: t('environment.items.stripe'),
      ok: check.hasStripeKey,
      detail: check.stripeMode ? kind(check.stripeMode) : null,
    },
    { id: 'payment', label: t('environment.items.payment'), ok: true, detail: kind(check.paymentProvider) },
    {
      id: 'database',
      label: t('environment.items.database'),
      ok: check.hasDatabase,
      detail: kind(check.databaseKind),
    },
    {
      id: 'storage',
      label: t('environment.items.storage'),
      ok: check.hasStorage,
      detail: kind(check.storageKind),
    },
    {
      id: 'video',
      label: t('environment.items.video'),
      ok: check.hasVideoProvider,
      detail: kind(check.videoProvider),
    },
    { id: 'mail', label: t('environment.items.mail'), ok: check.hasSmtp, detail: kind(check.mailKind) },
    // Each mode's model as Google's model list shows it now: red when retired, mistyped or not served.
    ...check.videoModels.map((model) => ({
      id: `video-model-${model.quality}`,
      label: t('environment.items.videoModel', { variable: model.variable, model: model.model }),
      ok: model.available === true,
      detail: model.available === true ? null : t(`environment.modelReasons.${model.reason}`),
    })),
    // The text model: red when not served (prompts then come from the rules; no video is refused).
    ...(check.promptModel
      ? [
          {
            id: 'prompt-model',
            label: t('environment.items.promptModel', { model: check.promptModel.model }),
            ok: check.promptModel.available === true,
            detail:
              check.promptModel.available === true
                ? null
                : t(`environment.modelReasons.${check.promptModel.reason}`),
          },
        ]
      : []),
  ];
  return (
    <Card data-testid="environment-result">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <CardTitle as="h3">{t('environment.title')}</CardTitle>
          <CardDescription>
            <time dateTime={check.timestamp} data-testid="environment-timestamp">
              {t('environment.checkedAt', { time: formatAdminDateTime(check.timestamp) })}
            </time>
          </CardDescription>
        </div>
        <Button variant="ghost" size="icon" onClick={onHide} aria-label={t('environment.hide')}>
          <X aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border px-3 py-2"
              data-testid={`environment-${item.id}`}
              data-ok={item.ok}
            >
              <span className="text-sm font-medium">{item.label}</span>
              <span className="flex items-center gap-2">
                {item.detail ? <span className="text-xs text-muted-foreground">{item.detail}</span> : null}
                <Badge variant={item.ok ? 'success' : 'destructive'}>{item.ok ? t('yes') : t('no')}</Badge>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function FixResult({ result, onHide }: { result: FixTransactionsResult; onHide: () => void }) {
  const { t } = useTranslation('admin');
  const errorsId = useId();
  return (
    <Card data-testid="fix-result">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <CardTitle as="h3">{t('fix.title')}</CardTitle>
          <CardDescription data-testid="fix-summary">
            {t('fix.summary', {
              fixed: formatCredits(result.fixed),
              totalProcessed: formatCredits(result.totalProcessed),
            })}
          </CardDescription>
        </div>
        <Button variant="ghost" size="icon" onClick={onHide} aria-label={t('fix.hide')}>
          <X aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent>
        {result.errors.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('fix.noErrors')}</p>
        ) : (
          <div className="flex flex-col gap-2">
            <h4 id={errorsId} className="text-sm font-semibold text-destructive">
              {t('fix.errorsTitle')}
            </h4>
            <ul aria-labelledby={errorsId} className="flex list-disc flex-col gap-1 pl-5 text-sm">
              {result.errors.map((error, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: messages may repeat; the list never reorders
                <li key={index} className="break-words" data-testid="fix-error">
                  {error}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The action buttons (spec §2, §8): refresh stats, reconcile (own user), check environment, fix transaction
 * amounts. Reconcile and fix need a signed-in user; every button is disabled while its own request runs. The
 * environment and fix results stay on screen below the buttons until hidden.
 */
export function AdminActions({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const me = useMe();
  const signedIn = !!me.data;
  const reconcile = useAdminReconcile();
  const environment = useEnvironmentCheck();
  const fix = useFixTransactions();

  const runReconcile = () =>
    reconcile.mutate(undefined, {
      onSuccess: () =>
        toast.success(t('actions.reconcileSuccess'), {
          description: t('actions.reconcileSuccessDescription'),
        }),
      onError: () =>
        toast.error(t('actions.reconcileError'), { description: t('actions.reconcileErrorDescription') }),
    });
  const runEnvironment = () =>
    environment.mutate(undefined, {
      onSuccess: () => toast.success(t('actions.environmentSuccess')),
      onError: () =>
        toast.error(t('actions.environmentError'), { description: t('actions.environmentErrorDescription') }),
    });
  const runFix = () =>
    fix.mutate(undefined, {
      onSuccess: (result) =>
        toast.success(
          t('actions.fixSuccess', {
            fixed: formatCredits(result.fixed),
            totalProcessed: formatCredits(result.totalProcessed),
          }),
        ),
      onError: () => toast.error(t('actions.fixError'), { description: t('actions.fixErrorDescription') }),
    });

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-actions">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('actions.title')}
      </h2>
      {me.isPending ? null : signedIn ? (
        <p className="text-sm break-all text-muted-foreground">
          {t('signedInAs', { email: me.data?.user.email ?? '' })}
        </p>
      ) : (
        <p role="alert" className="text-sm font-medium text-destructive" data-testid="admin-no-user">
          {t('notAuthenticated')}
        </p>
      )}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:flex lg:flex-wrap">
        <Button variant="outline" onClick={onRefresh} loading={refreshing} data-testid="admin-refresh">
          {refreshing ? null : <RefreshCw aria-hidden="true" />}
          {t('actions.refresh')}
        </Button>
        <Button
          variant="outline"
          onClick={runReconcile}
          loading={reconcile.isPending}
          disabled={!signedIn}
          title={t('actions.reconcileHint')}
          data-testid="admin-reconcile"
        >
          {reconcile.isPending ? null : <ShieldCheck aria-hidden="true" />}
          {t('actions.reconcile')}
        </Button>
        <Button
          variant="outline"
          onClick={runEnvironment}
          loading={environment.isPending}
          data-testid="admin-environment"
        >
          {environment.isPending ? null : <ServerCog aria-hidden="true" />}
          {t('actions.environment')}
        </Button>
        <Button
          variant="outline"
          onClick={runFix}
          loading={fix.isPending}
          disabled={!signedIn}
          data-testid="admin-fix"
        >
          {fix.isPending ? null : <Wrench aria-hidden="true" />}
          {t('actions.fix')}
        </Button>
      </div>
      <div aria-live="polite" className="flex flex-col gap-3">
        {environment.data ? <EnvironmentResult check={environment.data} onHide={environment.reset} /> : null}
        {fix.data ? <FixResult result={fix.data} onHide={fix.reset} /> : null}
      </div>
    </section>
  );
}
