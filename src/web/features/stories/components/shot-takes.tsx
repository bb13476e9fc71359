import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Story, shotCredits } from '#shared/stories';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { formatCredits } from '#web/features/credits';
import { ChargeConfirm } from '#web/features/videos';
import { useRerollShot } from '../api/stories';
import { useChargeCall } from '../hooks/use-charge-call';
import type { PlanShot } from '../lib/plan';
import { serverShot } from '../lib/takes';

/**
 * The review of one drafted shot: keep it for the final cut or not, pick which of its takes is finished, and
 * 'Refazer cena' — a new take from the shot's current words, asked first with its own cost (only that shot is
 * charged).
 */
export function ShotTakes({
  story,
  shot,
  number,
  onChange,
  onBeforeCharge,
}: {
  story: Story;
  shot: PlanShot;
  number: number;
  onChange: (edit: Partial<PlanShot>) => void;
  onBeforeCharge: () => Promise<void>;
}) {
  const { t } = useTranslation('stories');
  const server = serverShot(story, shot);
  if (!server?.request) return null;
  const current = shot.pickedTake ?? server.takeId;
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={shot.keep}
            onChange={(event) => onChange({ keep: event.currentTarget.checked })}
            data-testid="shot-keep"
          />
          {t('shot.keep')}
        </label>
        <RerollDialog
          storyId={story.id}
          shotId={server.id}
          number={number}
          seconds={shot.seconds}
          before={onBeforeCharge}
        />
      </div>
      {server.takeIds.length > 1 ? (
        <fieldset className="flex flex-wrap items-center gap-2" data-testid="shot-takes">
          <legend className="sr-only">{t('shot.takes', { number })}</legend>
          {server.takeIds.map((takeId, index) => (
            <Button
              key={takeId}
              size="sm"
              variant={takeId === current ? 'primary' : 'outline'}
              aria-pressed={takeId === current}
              onClick={() => onChange({ pickedTake: takeId })}
            >
              {t('shot.take', { number: index + 1 })}
            </Button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

function RerollDialog({
  storyId,
  shotId,
  number,
  seconds,
  before,
}: {
  storyId: string;
  shotId: string;
  number: number;
  seconds: number;
  before: () => Promise<void>;
}) {
  const { t } = useTranslation('stories');
  const [open, setOpen] = useState(false);
  const reroll = useRerollShot(storyId);
  const call = useChargeCall((clientKey) => reroll.mutateAsync({ shotId, clientKey }), {
    before,
    onDone: () => setOpen(false),
    fallback: t('shot.rerollError'),
  });
  const cost = shotCredits('draft', seconds);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="shot-reroll">
          <RefreshCw aria-hidden="true" />
          {t('shot.reroll')}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="reroll-dialog">
        <DialogHeader>
          <DialogTitle>{t('shot.rerollTitle', { number })}</DialogTitle>
          <DialogDescription>{t('shot.rerollNote')}</DialogDescription>
        </DialogHeader>
        <ChargeConfirm
          cost={cost}
          confirmLabel={t('shot.rerollConfirm', {
            credits: t('credits', { count: cost, value: formatCredits(cost) }),
          })}
          onConfirm={() => void call.run()}
          busy={call.busy}
          error={call.error}
          testId="story-reroll"
        />
      </DialogContent>
    </Dialog>
  );
}
