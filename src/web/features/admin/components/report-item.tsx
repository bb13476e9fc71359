import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenReport, ReportQueue } from '#shared/reports';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Label, Textarea } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { usePlayingUrl } from '#web/lib/use-playing-url';
import { useRereadOnce } from '#web/lib/use-reread-once';
import { ADMIN_REPORTS_KEY } from '../api/keys';
import { useDecideContest, useDecideReport } from '../api/reports';
import { formatAdminDateTime } from '../lib/format';

/**
 * One open report: the reason, when, what the visitor wrote, the video (played here from a signed URL) and its
 * prompt, and the decisions. "Remover vídeo" asks first (it revokes the link, withholds the media on every process
 * and e-mails the owner), with a note that goes into that e-mail and the audit.
 */
export function ReportItem({ report }: { report: OpenReport }) {
  const { t } = useTranslation('admin');
  const decide = useDecideReport();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const video = usePlayingUrl(report.video?.videoUrl ?? null);
  const reread = useRereadOnce(ADMIN_REPORTS_KEY);

  const run = async (decision: 'dismiss' | 'take_down') => {
    try {
      await decide.mutateAsync({ id: report.id, decision, note: note.trim() });
      setConfirming(false);
      toast.success(t(decision === 'dismiss' ? 'reports.dismissed' : 'reports.takenDown'));
    } catch (error) {
      setConfirming(false);
      toast.error(isApiError(error) ? error.message : t('reports.decideFailed'));
    }
  };

  return (
    <li>
      <Card className="gap-3 p-4" data-testid="report-item" data-report-id={report.id}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline" data-testid="report-reason">
            {t(`reports.reasons.${report.reason}`)}
          </Badge>
          <time dateTime={report.createdAt} className="text-xs text-muted-foreground tabular-nums">
            {formatAdminDateTime(report.createdAt)}
          </time>
          {report.openReportsOfVideo > 1 ? (
            <span className="text-xs text-muted-foreground">
              {t('reports.sameVideo', { count: report.openReportsOfVideo })}
            </span>
          ) : null}
        </div>
        {report.details ? <p className="text-sm break-words">“{report.details}”</p> : null}
        {report.video ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            {/* biome-ignore lint/a11y/useMediaCaption: generated videos have no caption track; the prompt beside it says what it shows */}
            <video
              controls
              preload="none"
              playsInline
              src={video.url ?? undefined}
              onError={() => {
                video.expired();
                reread();
              }}
              poster={report.video.posterUrl ?? undefined}
              className="max-h-80 w-full rounded-lg bg-black sm:w-56"
              aria-label={t('reports.player')}
            />
            <p className="text-sm text-muted-foreground break-words" data-testid="report-prompt">
              <span className="font-medium text-foreground">{t('reports.prompt')}: </span>
              {report.video.prompt}
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('reports.videoGone')}</p>
        )}
        <div className="flex flex-col gap-1">
          <Label htmlFor={noteId}>{t('reports.note')}</Label>
          <Textarea
            id={noteId}
            value={note}
            maxLength={1000}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void run('dismiss')} loading={decide.isPending}>
            {t('reports.dismiss')}
          </Button>
          {report.video ? (
            <Button variant="destructive" onClick={() => setConfirming(true)} disabled={decide.isPending}>
              {t('reports.takeDown')}
            </Button>
          ) : null}
        </div>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('reports.confirmTitle')}
        description={t('reports.confirmDescription')}
        cancelLabel={t('reports.cancel')}
        confirmLabel={t('reports.takeDown')}
        onConfirm={() => void run('take_down')}
        pending={decide.isPending}
        confirmTestId="report-take-down-confirm"
      />
    </li>
  );
}

/** An owner's contest of a takedown: their words, and restore or uphold. */
export function ContestItem({ contest, when }: { contest: ReportQueue['contests'][number]; when: string }) {
  const { t } = useTranslation('admin');
  const decide = useDecideContest();
  const run = async (decision: 'restore' | 'uphold') => {
    try {
      await decide.mutateAsync({ takedownId: contest.takedownId, decision });
      toast.success(t(decision === 'restore' ? 'reports.restored' : 'reports.upheld'));
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('reports.decideFailed'));
    }
  };
  return (
    <li>
      <Card className="gap-3 p-4" data-testid="contest-item">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{t(`reports.reasons.${contest.reason}`)}</Badge>
          <span className="text-xs text-muted-foreground tabular-nums">
            {t('reports.contestedAt', { when })}
          </span>
        </div>
        <p className="text-sm break-words">“{contest.text}”</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void run('restore')} loading={decide.isPending}>
            {t('reports.restore')}
          </Button>
          <Button variant="outline" onClick={() => void run('uphold')} disabled={decide.isPending}>
            {t('reports.uphold')}
          </Button>
        </div>
      </Card>
    </li>
  );
}
