import { Captions, Download } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptionCue, CaptionsView } from '#shared/captions';
import type { VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Label, Textarea } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/components/ui/toaster';
import { videoRequestQueryKey } from '#web/features/videos';
import { isApiError } from '#web/lib/api';
import { currentLanguage } from '#web/lib/language';
import { usePlayingUrl } from '#web/lib/use-playing-url';
import { useRereadOnce } from '#web/lib/use-reread-once';
import { useCaptions, useSaveCaptions, useStartCaptions } from '../api/captions';

const seconds = (value: number, language: string) =>
  `${new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} s`;

/** The video with its WebVTT track, as any player with captions on shows it. */
function CaptionsPreview({ request, captions }: { request: VideoRequestView; captions: CaptionsView }) {
  const { t } = useTranslation('captions');
  const video = usePlayingUrl(request.videoUrl);
  const reread = useRereadOnce(videoRequestQueryKey(request.id));
  if (!video.url || !captions.vttUrl) return null;
  return (
    <figure className="flex flex-col gap-1">
      <video
        controls
        playsInline
        preload="metadata"
        src={video.url}
        className="max-h-96 w-full rounded-lg bg-black"
        data-testid="captions-preview"
        onError={() => {
          video.expired();
          reread();
        }}
      >
        {/* The revision in the URL makes the player fetch the corrected text after a save. */}
        <track
          kind="captions"
          srcLang="pt-BR"
          label={t('trackLabel')}
          src={`${captions.vttUrl}?r=${captions.revision}`}
          default
        />
      </video>
      <figcaption className="text-xs text-muted-foreground">{t('preview')}</figcaption>
    </figure>
  );
}

/** The cues' text, one labelled box each, in order; saving renders the burned-in MP4 again. */
function CueEditor({ requestId, captions }: { requestId: string; captions: CaptionsView }) {
  const { t } = useTranslation('captions');
  const language = currentLanguage();
  const idBase = useId();
  const [texts, setTexts] = useState(() => captions.cues.map((cue) => cue.text));
  const save = useSaveCaptions(requestId);
  // A save elsewhere (another tab) or the first answer: the boxes follow the stored revision.
  useEffect(() => setTexts(captions.cues.map((cue) => cue.text)), [captions.cues]);
  const changed = texts.some((text, index) => text !== captions.cues[index]?.text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { revision: captions.revision, texts },
      {
        onSuccess: () => toast.success(t('saved')),
        onError: (error) => toast.error(isApiError(error) ? error.message : t('saveError')),
      },
    );
  };
  const label = (cue: CaptionCue, index: number) =>
    t('cueLabel', {
      number: index + 1,
      start: seconds(cue.start, language),
      end: seconds(cue.end, language),
    });
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={`${idBase}-title`}>
      <div>
        <h3 id={`${idBase}-title`} className="text-sm font-semibold">
          {t('editorTitle')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('editorHint')}</p>
      </div>
      <ol className="flex flex-col gap-3" data-testid="caption-cues">
        {captions.cues.map((cue, index) => (
          <li key={`${cue.start}-${cue.end}`} className="flex flex-col gap-1">
            <Label htmlFor={`${idBase}-${index}`}>{label(cue, index)}</Label>
            <Textarea
              id={`${idBase}-${index}`}
              className="min-h-16"
              rows={2}
              maxLength={120}
              required
              value={texts[index] ?? ''}
              onChange={(event) =>
                setTexts((current) => current.map((text, at) => (at === index ? event.target.value : text)))
              }
            />
          </li>
        ))}
      </ol>
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        disabled={!changed}
        loading={save.isPending}
      >
        {t('save')}
      </Button>
    </form>
  );
}

function Downloads({ captions }: { captions: CaptionsView }) {
  const { t } = useTranslation('captions');
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {captions.vttUrl ? (
        <Button asChild variant="outline" size="lg">
          <a href={`${captions.vttUrl}?download=1`} download>
            <Download aria-hidden="true" />
            {t('downloadVtt')}
          </a>
        </Button>
      ) : null}
      {captions.burnedVideoUrl ? (
        <Button asChild variant="outline" size="lg">
          <a href={captions.burnedVideoUrl} download>
            <Download aria-hidden="true" />
            {t('downloadVideo')}
          </a>
        </Button>
      ) : null}
      {captions.burn === 'rendering' ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> {t('rendering')}
        </p>
      ) : null}
    </div>
  );
}

function CaptionsBody({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('captions');
  const captions = useCaptions(request.id);
  const start = useStartCaptions(request.id);
  const view = captions.data;
  if (captions.isPending) return <Spinner />;
  const startButton = (label: string) => (
    <Button
      size="lg"
      className="w-full sm:w-auto"
      loading={start.isPending}
      onClick={() => start.mutate(undefined, { onError: () => toast.error(t('startError')) })}
    >
      <Captions aria-hidden="true" />
      {label}
    </Button>
  );
  if (!view) {
    return (
      <>
        <p className="text-sm text-muted-foreground">{t('intro')}</p>
        {startButton(t('start'))}
      </>
    );
  }
  if (view.status === 'transcribing') {
    return (
      <p className="flex items-center gap-2 text-sm" role="status">
        <Spinner /> {t('transcribing')}
      </p>
    );
  }
  if (view.status !== 'ready') {
    return (
      <>
        <p className="text-sm" role="status">
          {view.message}
        </p>
        {view.status === 'failed' ? startButton(t('retry')) : null}
      </>
    );
  }
  return (
    <>
      {view.transcribedBy === 'local' ? <p className="text-xs text-muted-foreground">{t('local')}</p> : null}
      {view.message ? <p className="text-sm text-destructive">{view.message}</p> : null}
      <CaptionsPreview request={request} captions={view} />
      <Downloads captions={view} />
      <CueEditor requestId={request.id} captions={view} />
    </>
  );
}

/** 'Legendas' (ADR 0039): for a completed video, pt-BR captions to correct, as a track and burned in. Free. */
export function CaptionsCard({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('captions');
  if (request.status !== 'completed') return null;
  return (
    <Card data-testid="captions-card">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          {t('title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <CaptionsBody request={request} />
      </CardContent>
    </Card>
  );
}
