import { ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#shared/format';
import { CONTEST_TEXT_MAX_LENGTH } from '#shared/reports';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FieldError, Label, Textarea } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { useContestTakedown, useTakedown } from '../api/takedown';

/**
 * A video taken down after a report (ADR 0066): what happened and why, that its link and file are off, and the
 * owner's one contest — a text and a button, then the date it was sent. Nothing when the video is up.
 */
export function TakedownCard({ requestId, timeZone }: { requestId: string; timeZone: string }) {
  const { t } = useTranslation('videoDetail');
  const takedown = useTakedown(requestId).data?.takedown;
  const contest = useContestTakedown(requestId);
  const textId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!takedown) return null;

  const send = async () => {
    setError(null);
    try {
      await contest.mutateAsync(text);
      toast.success(t('takedown.sent'));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('takedown.failed'));
    }
  };

  return (
    <Card
      className="gap-3 border-destructive p-4"
      role="region"
      aria-labelledby={`${textId}-title`}
      data-testid="takedown-card"
    >
      <h2 id={`${textId}-title`} className="flex items-center gap-2 text-base font-semibold text-destructive">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        {t('takedown.title')}
      </h2>
      <p className="text-sm">
        {t('takedown.body', {
          date: formatDate(new Date(takedown.takenDownAt), timeZone),
          reason: t(`takedown.reasons.${takedown.reason}`),
        })}
      </p>
      {takedown.contestedAt ? (
        <p className="text-sm text-muted-foreground" data-testid="takedown-contested">
          {t('takedown.contested', { date: formatDate(new Date(takedown.contestedAt), timeZone) })}
        </p>
      ) : (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Label htmlFor={textId}>{t('takedown.contestLabel')}</Label>
          <Textarea
            id={textId}
            value={text}
            maxLength={CONTEST_TEXT_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${textId}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <FieldError id={`${textId}-error`}>{error}</FieldError>
          <p className="text-xs text-muted-foreground">{t('takedown.once')}</p>
          <Button
            type="submit"
            variant="outline"
            className="self-start"
            loading={contest.isPending}
            disabled={!text.trim()}
          >
            {t('takedown.contest')}
          </Button>
        </form>
      )}
    </Card>
  );
}
