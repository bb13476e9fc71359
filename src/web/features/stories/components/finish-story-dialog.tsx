import { ArrowLeft, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '#shared/format';
import type { FinishStoryInput, Story, StoryPrice } from '#shared/stories';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { formatCredits, useCredits } from '#web/features/credits';
import { ChargeConfirm } from '#web/features/videos';
import { useFinishStory } from '../api/stories';
import { useChargeCall } from '../hooks/use-charge-call';

const FINISH_MODES = ['fast', 'quality', '4k'] as const;
type FinishMode = (typeof FINISH_MODES)[number];

const finishBody = (mode: FinishMode): Pick<FinishStoryInput, 'quality' | 'master'> =>
  mode === '4k' ? { quality: 'quality', master: '4k' } : { quality: mode };

/**
 * 'Finalizar roteiro' (ADR 0062): first the modes — Fast, Quality or 4K, each with the price of the kept shots in
 * credits and R$, saying when the balance cannot pay it — then, for the one tapped, the charge's question
 * (ChargeConfirm, ADR 0058) with the choice of captions drawn into the picture. Nothing is charged before it.
 */
export function FinishStoryDialog({
  story,
  price,
  ready,
  before,
}: {
  story: Story;
  price: StoryPrice;
  ready: boolean;
  before: () => Promise<void>;
}) {
  const { t } = useTranslation('stories');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<FinishMode | null>(null);
  const [burn, setBurn] = useState(false);
  const finish = useFinishStory(story.id);
  const call = useChargeCall(
    (clientKey) => finish.mutateAsync({ ...finishBody(chosen ?? 'quality'), burnCaptions: burn, clientKey }),
    { before, onDone: () => setOpen(false), fallback: t('finish.error') },
  );
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setChosen(null);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="lg" className="w-full sm:flex-1" disabled={!ready} data-testid="story-finish-open">
          <Sparkles aria-hidden="true" />
          {t('finish.open')}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="story-finish-dialog">
        <DialogHeader>
          <DialogTitle>
            {chosen ? t('finish.confirmTitle', { mode: t(`finish.modes.${chosen}`) }) : t('finish.title')}
          </DialogTitle>
          <DialogDescription>{t('finish.note')}</DialogDescription>
        </DialogHeader>
        {chosen ? (
          <ChargeConfirm
            cost={price[chosen].credits}
            confirmLabel={t('finish.confirm', { mode: t(`finish.modes.${chosen}`) })}
            onConfirm={() => void call.run()}
            busy={call.busy}
            error={call.error}
            testId="story-finish"
          >
            <label className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={burn}
                onChange={(event) => setBurn(event.currentTarget.checked)}
                data-testid="story-finish-burn"
              />
              {t('finish.burn')}
            </label>
            <Button variant="link" className="self-start" onClick={() => setChosen(null)}>
              <ArrowLeft aria-hidden="true" />
              {t('finish.back')}
            </Button>
          </ChargeConfirm>
        ) : (
          <FinishModes price={price} onChoose={setChosen} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function FinishModes({ price, onChoose }: { price: StoryPrice; onChoose: (mode: FinishMode) => void }) {
  const { t } = useTranslation('stories');
  const balance = useCredits().data?.balance;
  return (
    <ul className="flex flex-col gap-2">
      {FINISH_MODES.map((mode) => {
        const { credits, priceCents } = price[mode];
        const short = balance !== undefined && balance < credits;
        return (
          <li key={mode}>
            <Button
              variant="outline"
              className="h-auto! w-full flex-col items-start! gap-0.5 py-3 text-left whitespace-normal!"
              onClick={() => onChoose(mode)}
              data-testid={`story-finish-${mode}`}
              data-cost={credits}
            >
              <span className="font-semibold">{t(`finish.modes.${mode}`)}</span>
              <span className="text-sm font-normal text-muted-foreground">
                {t('finish.option', {
                  credits: t('credits', { count: credits, value: formatCredits(credits) }),
                  price: formatBRL(priceCents),
                })}
              </span>
              {short ? (
                <span className="text-sm font-medium text-destructive">{t('finish.cannotAfford')}</span>
              ) : null}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
