import { Copy, Gift } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_DAYS } from '#shared/billing';
import {
  INVITE_INVITEE_CREDITS,
  INVITE_INVITER_CREDITS,
  INVITE_REWARDS_PER_INVITER_PER_DAY,
  INVITE_REWARDS_PER_INVITER_TOTAL,
} from '#shared/catalogue';
import { formatDate } from '#shared/format';
import type { Invite } from '#shared/invites';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/components/ui/toaster';
import { useInvites } from '../../api/invites';

const STATE_VARIANT = {
  pending: 'outline',
  waiting: 'warning',
  rewarded: 'success',
  reversed: 'destructive',
  not_counted: 'secondary',
} as const;

/** Why a waiting or uncounted invite has no credits yet (ADR 0046): the date they come, or the reason. */
function InviteDetail({ invite, timeZone }: { invite: Invite; timeZone: string }) {
  const { t } = useTranslation('accounts');
  if (invite.state === 'waiting' && invite.rewardAt) {
    return t('profile.invites.waiting', { date: formatDate(new Date(invite.rewardAt), timeZone) });
  }
  if (invite.state === 'not_counted' && invite.reason) {
    return t(`profile.invites.reason.${invite.reason}`, { total: INVITE_REWARDS_PER_INVITER_TOTAL });
  }
  return null;
}

function InviteRow({ invite, timeZone }: { invite: Invite; timeZone: string }) {
  const { t } = useTranslation('accounts');
  const detail = <InviteDetail invite={invite} timeZone={timeZone} />;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="flex min-w-0 flex-1 basis-48 flex-col">
        <span className="font-medium">{invite.name ?? t('profile.invites.deleted')}</span>
        <span className="text-sm text-muted-foreground">
          {t('profile.invites.joined', { date: formatDate(new Date(invite.joinedAt), timeZone) })}
        </span>
        {invite.state === 'waiting' || invite.state === 'not_counted' ? (
          <span className="text-sm text-muted-foreground">{detail}</span>
        ) : null}
      </span>
      <Badge variant={STATE_VARIANT[invite.state]}>
        {t(`profile.invites.state.${invite.state}`, { credits: invite.credits })}
      </Badge>
    </li>
  );
}

/**
 * 'Convide um amigo' (ADR 0040, ADR 0046): the account's invite link, copied with one click, what both sides get
 * and when (from the catalogue), and each invited account with its state — waiting with the day its credits come,
 * or why it did not count. Self-contained: it loads its own data.
 */
export function InviteCard({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('accounts');
  const titleId = useId();
  const invites = useInvites();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('profile.invites.copied'));
    } catch {
      toast.error(t('profile.invites.copyError'));
    }
  };

  return (
    <Card aria-labelledby={titleId} data-testid="invite-card">
      <CardHeader>
        <CardTitle as="h2" id={titleId} className="flex items-center gap-2">
          <Gift aria-hidden="true" className="size-5 text-primary" />
          {t('profile.invites.title')}
        </CardTitle>
        <CardDescription>
          {t('profile.invites.description', {
            inviter: INVITE_INVITER_CREDITS,
            invitee: INVITE_INVITEE_CREDITS,
            days: WITHDRAWAL_DAYS,
            perDay: INVITE_REWARDS_PER_INVITER_PER_DAY,
            total: INVITE_REWARDS_PER_INVITER_TOTAL,
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {invites.data ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <code className="min-w-0 flex-1 truncate rounded-md border border-border px-3 py-2 text-sm">
                {invites.data.url}
              </code>
              <Button variant="outline" onClick={() => void copy(invites.data.url)}>
                <Copy aria-hidden="true" />
                {t('profile.invites.copy')}
              </Button>
            </div>
            {invites.data.invites.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('profile.invites.empty')}</p>
            ) : (
              <ul aria-label={t('profile.invites.listLabel')} className="divide-y divide-border">
                {invites.data.invites.map((invite) => (
                  <InviteRow
                    key={invite.joinedAt + (invite.name ?? '')}
                    invite={invite}
                    timeZone={timeZone}
                  />
                ))}
              </ul>
            )}
          </>
        ) : invites.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {t('profile.invites.loadError')}
            <Button size="sm" variant="outline" onClick={() => void invites.refetch()}>
              {t('profile.invites.retry')}
            </Button>
          </p>
        ) : (
          <Skeleton className="h-10 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
