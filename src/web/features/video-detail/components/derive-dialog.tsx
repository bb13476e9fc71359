import { Clapperboard, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INSTRUCTION_MAX_LENGTH } from '#shared/video-directing';
import { PROMPT_MAX_LENGTH, type VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { FieldError, Label, Textarea } from '#web/components/ui/input';
import { ChargeConfirm } from '#web/features/videos';
import type { Derivation } from '../api/derivations';
import { useDerive } from '../hooks/use-derive';
import { DeriveSummary, deriveCost } from './derive-summary';

/**
 * 'Estender' and 'Editar com instrução' on a completed video: the text (an extension starts from the original's
 * prompt), the charge's question (cost, balance, balance after; the buy sheet in place when short, ADR 0058) whose
 * confirm is the form's submit, and, for an extension, which continuation it is (the
 * same take, or a new shot from the last frame) and the total length after it.
 * When the model cannot, the button stays disabled and says why. Success opens the new request, live.
 */
export function DeriveDialog({ request, derivation }: { request: VideoRequestView; derivation: Derivation }) {
  const { t } = useTranslation('videoDetail');
  const ids = useId();
  const [open, setOpen] = useState(false);
  const { text, setText, error, busy, submit, asking, ageDialog } = useDerive(request, derivation, () =>
    setOpen(false),
  );
  const rule = derivation === 'extend' ? request.derivations.extend : request.derivations.edit;
  const max = derivation === 'extend' ? PROMPT_MAX_LENGTH : INSTRUCTION_MAX_LENGTH;
  const key = derivation === 'extend' ? 'extend' : 'edit';
  const Icon = derivation === 'extend' ? Clapperboard : Wand2;

  // Large, as Baixar and Compartilhar beside it in the primary actions' grid are: one height for the row, and a
  // touch target over 44 px.
  const trigger = (
    <Button
      variant="outline"
      size="lg"
      disabled={!rule.allowed}
      title={rule.reason ?? undefined}
      data-testid={`${key}-open`}
    >
      <Icon aria-hidden="true" />
      {t(`${key}.open`)}
    </Button>
  );
  if (!rule.allowed) {
    return (
      <div className="flex flex-col gap-1">
        {trigger}
        <p className="text-xs text-muted-foreground" data-testid={`${key}-reason`}>
          {rule.reason}
        </p>
      </div>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      {/* Hidden, not closed, while "Confirme sua idade" is asked over it: one dialog at a time, the text kept. */}
      <DialogContent hidden={asking}>
        <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <DialogHeader>
            <DialogTitle>{t(`${key}.title`)}</DialogTitle>
            <DialogDescription>{t(`${key}.description`)}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${ids}-text`}>{t(`${key}.label`)}</Label>
            <Textarea
              id={`${ids}-text`}
              value={text}
              maxLength={max}
              rows={4}
              placeholder={t(`${key}.placeholder`)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids}-error` : undefined}
              onChange={(event) => setText(event.target.value)}
              data-testid={`${key}-text`}
            />
            {error ? (
              <FieldError id={`${ids}-error`} data-testid={`${key}-error`}>
                {error}
              </FieldError>
            ) : null}
          </div>
          <DeriveSummary request={request} derivation={derivation} />
          <ChargeConfirm
            cost={deriveCost(request)}
            confirmLabel={t(`${key}.submit`)}
            busy={busy}
            error={null}
            testId={key}
          />
        </form>
        {ageDialog}
      </DialogContent>
    </Dialog>
  );
}
