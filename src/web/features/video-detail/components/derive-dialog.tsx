import { useQueryClient } from '@tanstack/react-query';
import { Clapperboard, Wand2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PROMPT_MIN_LENGTH, requestCredits } from '#shared/catalogue';
import { INSTRUCTION_MAX_LENGTH, INSTRUCTION_MIN_LENGTH } from '#shared/video-directing';
import { PROMPT_MAX_LENGTH, type VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { FieldError, Label, Textarea } from '#web/components/ui/input';
import { CREDITS_QUERY_KEY, formatCredits } from '#web/features/credits';
import { VIDEOS_QUERY_KEY } from '#web/features/videos';
import { isApiError } from '#web/lib/api';
import { newUuid } from '#web/lib/uuid';
import { type Derivation, deriveVideo } from '../api/derivations';

/**
 * 'Estender' and 'Editar com instrução' on a completed video: the text (an extension starts from the original's
 * prompt), what it costs (a new video of the source's mode) and, for an extension, which continuation it is (the
 * same take, or a new shot from the last frame) and the total length after it.
 * When the model cannot, the button stays disabled and says why. Success opens the new request, live.
 */
export function DeriveDialog({ request, derivation }: { request: VideoRequestView; derivation: Derivation }) {
  const { t } = useTranslation('videoDetail');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(derivation === 'extend' ? request.prompt : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per submission attempt: a retried or double-clicked submit makes one request.
  const clientKey = useRef(newUuid());
  const rule = derivation === 'extend' ? request.derivations.extend : request.derivations.edit;
  // The source's mode, length and master: what the server holds for the new request.
  const cost = requestCredits({
    quality: request.quality,
    lengthSeconds: request.clipSeconds,
    resolution: request.masterResolution,
  });
  const min = derivation === 'extend' ? PROMPT_MIN_LENGTH : INSTRUCTION_MIN_LENGTH;
  const max = derivation === 'extend' ? PROMPT_MAX_LENGTH : INSTRUCTION_MAX_LENGTH;
  const key = derivation === 'extend' ? 'extend' : 'edit';
  const Icon = derivation === 'extend' ? Clapperboard : Wand2;
  // Whether the model continues its take or Cena starts a new shot from the last frame, said before paying.
  const continuation = derivation === 'extend' ? request.derivations.extend.continuation : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed.length < min) {
      setError(t(`derive.tooShort_${key}`, { min }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const created = await deriveVideo(request.id, derivation, trimmed, clientKey.current);
      clientKey.current = newUuid();
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      setOpen(false);
      await navigate(`/dashboard/request/${created.id}`);
    } catch (caught) {
      // A refusal (402, 409) is final for this key's content: a new attempt gets a new key.
      if (isApiError(caught) && caught.status < 500) clientKey.current = newUuid();
      setError(isApiError(caught) ? caught.message : t('derive.error'));
    } finally {
      setBusy(false);
    }
  };

  const trigger = (
    <Button
      variant="outline"
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
      <DialogContent>
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
          <dl
            className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-3 text-sm"
            data-testid={`${key}-summary`}
          >
            <dt className="text-muted-foreground">{t('derive.cost')}</dt>
            <dd className="text-right font-semibold">
              {t('derive.credits', { count: cost, value: formatCredits(cost) })}
            </dd>
            {derivation === 'extend' && continuation ? (
              <>
                <dt className="text-muted-foreground">{t('extend.continuation')}</dt>
                <dd className="text-right font-semibold" data-testid="extend-continuation">
                  {t(`extend.continuation_${continuation}`)}
                </dd>
              </>
            ) : null}
            {derivation === 'extend' && request.derivations.extend.lengthAfterSeconds !== null ? (
              <>
                <dt className="text-muted-foreground">{t('extend.lengthAfter')}</dt>
                <dd className="text-right font-semibold" data-testid="extend-length-after">
                  {t('derive.seconds', { value: request.derivations.extend.lengthAfterSeconds })}
                </dd>
              </>
            ) : null}
          </dl>
          {derivation === 'extend' && continuation ? (
            <p className="text-sm text-muted-foreground" data-testid="extend-continuation-hint">
              {t(`extend.continuationHint_${continuation}`)}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="submit" loading={busy} data-testid={`${key}-submit`}>
              {t(`${key}.submit`)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
