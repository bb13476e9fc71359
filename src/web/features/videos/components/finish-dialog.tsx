import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { providerReadsSeed } from '#shared/seed';
import { FINISH_NOTE, type VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { useBirthDateGate } from '#web/features/accounts';
import { CREDITS_QUERY_KEY, formatCredits, useCredits } from '#web/features/credits';
import { isApiError } from '#web/lib/api';
import { newUuid } from '#web/lib/uuid';
import { finishVideo } from '../api/finish';
import { VIDEOS_QUERY_KEY } from '../api/video-request-calls';
import { type FinishTarget, finishTargets, leadTarget } from '../lib/finish-targets';
import { ChargeConfirm } from './charge-confirm';

/**
 * 'Finalizar' on a completed video (a draft, usually; ADR 0033, 0058): first the ways up — mode, the frame it comes
 * out at and its price at the video's own length, each saying when the balance cannot pay it — then, for the one
 * tapped, the charge's question (cost, balance, balance after, one confirm; the buy sheet in place when short).
 * Nothing is charged before the confirm. `lead` draws it as the first thing on a draft's page.
 */
export function FinishDialog({ request, lead = false }: { request: VideoRequestView; lead?: boolean }) {
  const { t } = useTranslation('videos');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<FinishTarget | null>(null);
  const finish = useFinish(request, () => setOpen(false));
  const targets = finishTargets(request);
  const first = leadTarget(targets);
  if (!first) return null;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setChosen(null);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {lead ? (
        <FinishLead target={first} />
      ) : (
        <DialogTrigger asChild>
          <Button variant="outline" data-testid="finish-open">
            <Sparkles aria-hidden="true" />
            {t('finish.open')}
          </Button>
        </DialogTrigger>
      )}
      {/* Hidden, not closed, while "Confirme sua idade" is asked over it: one dialog at a time, the choice kept. */}
      <DialogContent data-testid="finish-dialog" hidden={finish.asking}>
        <DialogHeader>
          <DialogTitle>
            {chosen
              ? t('finish.confirmTitle', { target: t(`finish.targets.${chosen.id}`) })
              : t('finish.title')}
          </DialogTitle>
          <DialogDescription>{FINISH_NOTE}</DialogDescription>
          <p className="text-sm text-muted-foreground" data-testid="finish-seed">
            {providerReadsSeed(request.technical.provider) ? t('finish.seedLocal') : t('finish.seedGoogle')}
          </p>
        </DialogHeader>
        {chosen ? (
          <ChargeConfirm
            cost={chosen.cost}
            confirmLabel={t('finish.confirm', { target: t(`finish.targets.${chosen.id}`) })}
            onConfirm={() => void finish.run(chosen)}
            busy={finish.busy}
            error={finish.error}
            testId="finish"
          >
            <Button
              type="button"
              variant="link"
              className="self-start"
              onClick={() => setChosen(null)}
              data-testid="finish-back"
            >
              <ArrowLeft aria-hidden="true" />
              {t('finish.back')}
            </Button>
          </ChargeConfirm>
        ) : (
          <FinishOptions targets={targets} onChoose={setChosen} />
        )}
        {finish.ageDialog}
      </DialogContent>
    </Dialog>
  );
}

/** The way up a draft's pages lead with: 'Finalizar' with the recommended mode, its frame and its price. */
function FinishLead({ target }: { target: FinishTarget }) {
  const { t } = useTranslation('videos');
  return (
    <section
      className="flex flex-col gap-3 rounded-(--radius-card) border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="finish-lead"
      aria-labelledby="finish-lead-title"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="finish-lead-title" className="font-semibold">
          {t('finish.leadTitle')}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="finish-lead-target">
          {t('finish.option', {
            target: t(`finish.targets.${target.id}`),
            frame: target.frame,
            credits: t('charge.credits', { count: target.cost, value: formatCredits(target.cost) }),
          })}
        </p>
      </div>
      <DialogTrigger asChild>
        <Button size="lg" className="shrink-0" data-testid="finish-open">
          <Sparkles aria-hidden="true" />
          {t('finish.open')}
        </Button>
      </DialogTrigger>
    </section>
  );
}

/** The ways up, each a full-width choice that wraps at 375 px; one the balance cannot pay says so. */
function FinishOptions({
  targets,
  onChoose,
}: {
  targets: readonly FinishTarget[];
  onChoose: (target: FinishTarget) => void;
}) {
  const { t } = useTranslation('videos');
  const balance = useCredits().data?.balance;
  return (
    <ul className="flex flex-col gap-2">
      {targets.map((target) => {
        const short = balance !== undefined && balance < target.cost;
        return (
          <li key={target.id}>
            <Button
              variant="outline"
              className="h-auto! w-full flex-col items-start! gap-0.5 py-3 text-left whitespace-normal!"
              data-testid={`finish-${target.id}`}
              data-cost={target.cost}
              data-affordable={!short}
              onClick={() => onChoose(target)}
            >
              <span className="font-semibold">{t(`finish.targets.${target.id}`)}</span>
              <span className="text-sm font-normal text-muted-foreground">
                {target.frame} ·{' '}
                {t('charge.credits', { count: target.cost, value: formatCredits(target.cost) })}
              </span>
              {short ? (
                <span
                  className="text-sm font-medium text-destructive"
                  data-testid={`finish-${target.id}-short`}
                >
                  {t('finish.cannotAfford')}
                </span>
              ) : null}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** The finish call once confirmed: one client key per attempt (a retried confirm makes one request), then its page. */
function useFinish(request: VideoRequestView, onDone: () => void) {
  const { t } = useTranslation('videos');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clientKey = useRef(newUuid());
  const ageGate = useBirthDateGate();
  const run = async (target: FinishTarget) => {
    setBusy(true);
    setError(null);
    try {
      const { request: made } = await finishVideo(request.id, {
        quality: target.quality,
        resolution: target.resolution,
        clientKey: clientKey.current,
      });
      clientKey.current = newUuid();
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      onDone();
      await navigate(`/dashboard/request/${made.id}`);
    } catch (caught) {
      // A refusal (402, 409) made nothing: the next confirm is a new attempt. A lost answer keeps the key.
      if (isApiError(caught) && caught.status < 500) clientKey.current = newUuid();
      // An account without a birth date is asked for it (ADR 0066), then confirms again.
      if (!ageGate.asks(caught)) setError(isApiError(caught) ? caught.message : t('finish.error'));
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, asking: ageGate.asking, ageDialog: ageGate.dialog };
}
