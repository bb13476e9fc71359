import { Coins, CreditCard, Gift, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetail } from '#shared/admin';
import { truncatePrompt } from '#shared/format';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table';
import { formatCredits } from '#web/features/credits';
import { VideoStatusBadge } from '#web/features/videos';
import { isApiError } from '#web/lib/api';
import { useAdminUser } from '../api/users';
import { formatAdminDate, formatAdminDateTime } from '../lib/format';
import { GrantCreditsDialog } from './grant-credits-dialog';

function Summary({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const { t: tb } = useTranslation('billing');
  const sub = detail.subscription;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1 rounded-lg border border-border p-3">
        <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Coins aria-hidden="true" className="size-4 text-primary" />
          {t('detail.balance')}
        </span>
        <span
          className="text-2xl font-bold tabular-nums"
          data-testid="user-balance"
          data-value={detail.balance}
        >
          {t('detail.balanceValue', { credits: formatCredits(detail.balance) })}
        </span>
      </div>
      <div
        className="flex flex-col gap-1 rounded-lg border border-border p-3"
        data-testid="user-subscription"
      >
        <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CreditCard aria-hidden="true" className="size-4 text-primary" />
          {t('detail.subscription')}
        </span>
        {sub ? (
          <>
            <span className="font-semibold">
              {t('detail.subscriptionValue', {
                plan: sub.planName,
                period: tb(`plans.period.${sub.billingPeriod}`),
                status: tb(`plans.status.${sub.status}`, { defaultValue: sub.status }),
              })}
            </span>
            <span className="text-xs text-muted-foreground">
              {sub.cancelAtPeriodEnd
                ? t('detail.cancels', { date: formatAdminDate(sub.currentPeriodEnd) })
                : t('detail.renews', { date: formatAdminDate(sub.currentPeriodEnd) })}
            </span>
          </>
        ) : (
          <span className="font-semibold">{t('detail.noSubscription')}</span>
        )}
      </div>
    </div>
  );
}

function Grants({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h4 id={titleId} className="font-semibold">
        {t('detail.grants')}
      </h4>
      {detail.grants.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('detail.noGrants')}</p>
      ) : (
        <div className="rounded-lg border border-border">
          <Table data-testid="user-grants" aria-labelledby={titleId}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('detail.columns.source')}</TableHead>
                <TableHead className="text-right">{t('detail.columns.amount')}</TableHead>
                <TableHead className="text-right">{t('detail.columns.remaining')}</TableHead>
                <TableHead>{t('detail.columns.expiresAt')}</TableHead>
                <TableHead>{t('detail.columns.reason')}</TableHead>
                <TableHead>{t('detail.columns.createdAt')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {detail.grants.map((grant) => (
                <TableRow key={grant.id} data-testid="user-grant" data-source={grant.source}>
                  <TableCell className="whitespace-nowrap">
                    {t(`detail.sources.${grant.source}`)}
                    {grant.paymentMethod === 'boleto' ? (
                      <Badge
                        variant="outline"
                        className="ml-2"
                        title={t('detail.boletoNoRefundHint')}
                        data-testid="grant-boleto"
                      >
                        {t('detail.boletoNoRefund')}
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatCredits(grant.amount)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCredits(grant.remaining)}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {grant.expiresAt ? formatAdminDate(grant.expiresAt) : t('detail.never')}
                    {grant.expired ? (
                      <Badge variant="destructive" className="ml-2">
                        {t('detail.expired')}
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell className="min-w-40 break-words" data-testid="user-grant-reason">
                    {grant.reason ?? t('none')}
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {formatAdminDateTime(grant.createdAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

function Requests({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const { t: tv } = useTranslation('videos');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h4 id={titleId} className="font-semibold">
        {t('detail.requests')}
      </h4>
      {detail.requests.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('detail.noRequests')}</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-border rounded-lg border border-border"
          data-testid="user-requests"
        >
          {detail.requests.map((request) => (
            <li key={request.id} className="flex flex-col gap-1 p-3" data-testid="user-request">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm break-words" title={request.prompt}>
                  {truncatePrompt(request.prompt)}
                </span>
                <VideoStatusBadge status={request.status} />
              </div>
              <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground tabular-nums">
                <span>{formatAdminDateTime(request.createdAt)}</span>
                <span>{tv(`quality.${request.quality}`)}</span>
                <span>{t('failed.credits', { credits: request.creditsUsed })}</span>
              </div>
              {request.errorMessage ? (
                <p className="text-xs break-words text-destructive">{request.errorMessage}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One account (GET /api/admin/users/:id): balance, subscription, grants, latest requests, 'Conceder créditos'. */
export function UserDetail({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const user = useAdminUser(userId);
  const [granting, setGranting] = useState(false);
  const detail = user.data;

  return (
    <Card data-testid="user-detail" data-user-id={userId} aria-busy={user.isFetching || undefined}>
      <CardHeader className="flex-row items-start justify-between gap-2">
        {detail ? (
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle as="h3" className="break-all" data-testid="user-detail-email">
              {detail.user.email}
            </CardTitle>
            <p className="text-sm text-muted-foreground">
              {detail.user.name ? `${detail.user.name} · ` : ''}
              {t('detail.createdAt', { date: formatAdminDate(detail.user.createdAt) })}
            </p>
            <div className="flex flex-wrap gap-1.5">
              <Badge variant={detail.user.emailVerified ? 'success' : 'warning'}>
                {detail.user.emailVerified ? t('detail.verified') : t('detail.unverified')}
              </Badge>
              {detail.user.isAdmin ? <Badge variant="secondary">{t('detail.admin')}</Badge> : null}
            </div>
          </div>
        ) : (
          <CardTitle as="h3">{t('detail.title')}</CardTitle>
        )}
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={t('detail.close')}>
          <X aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {user.isError && !detail ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {isApiError(user.error) && user.error.status === 404 ? user.error.message : t('detail.loadError')}
            <Button size="sm" variant="outline" onClick={() => void user.refetch()} loading={user.isFetching}>
              {t('retry')}
            </Button>
          </div>
        ) : !detail ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : (
          <>
            <Summary detail={detail} />
            <div>
              <Button onClick={() => setGranting(true)} className="w-full sm:w-fit" data-testid="grant-open">
                <Gift aria-hidden="true" />
                {t('detail.grantCredits')}
              </Button>
            </div>
            <Grants detail={detail} />
            <Requests detail={detail} />
            <GrantCreditsDialog
              open={granting}
              onOpenChange={setGranting}
              userId={detail.user.id}
              email={detail.user.email}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
