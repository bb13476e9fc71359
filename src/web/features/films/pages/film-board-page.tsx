import { ArrowLeft, Clapperboard, Play, Square } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FILM_TITLE_MAX_LENGTH, type FilmCandidate } from '#shared/films';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input, Label } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { isApiError } from '#web/lib/api';
import { currentLanguage } from '#web/lib/language';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { newUuid } from '#web/lib/uuid';
import { useCreateFilm, useFilmCandidates } from '../api/films';
import { CandidateList, CandidatesSkeleton } from '../components/candidate-list';
import { FilmPreview } from '../components/film-preview';
import { SceneList } from '../components/scene-list';
import { type BoardScene, boardRequest, formatSeconds, moveScene, sceneCut } from '../lib/board';

const HISTORY_PATH = '/dashboard/history';

/**
 * /dashboard/films/new ('Montar filme', ADR 0014): pick completed videos of one ratio, order them (drag and drop or
 * keyboard), trim each, preview, and save. `?scene={id}` starts the board with that video. Saving costs no credits
 * and opens the film's detail page, which follows it live to completed.
 */
export default function FilmBoardPage() {
  const { t } = useTranslation('films');
  useDocumentTitle(t('documentTitle'));
  const language = currentLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const candidates = useFilmCandidates();
  const createFilm = useCreateFilm();
  const [scenes, setScenes] = useState<BoardScene[]>([]);
  const [title, setTitle] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const nextKey = useRef(0);
  // One key per version of the board: a retried save of the same board is the same film, a changed board a new one.
  const lastSave = useRef<{ board: string; clientKey: string } | null>(null);
  const clientKeyFor = (board: string): string => {
    if (lastSave.current?.board !== board) lastSave.current = { board, clientKey: newUuid() };
    return lastSave.current.clientKey;
  };

  const announce = useCallback((message: string) => {
    // A changed text is announced even when it repeats the last one (two moves to the same place).
    setAnnouncement((last) => (last === message ? `${message}\u00a0` : message));
  }, []);

  const add = useCallback(
    (video: FilmCandidate) => {
      nextKey.current += 1;
      const key = `${video.id}-${nextKey.current}`;
      setScenes((current) => [...current, { key, video, start: '', end: '' }]);
      setProblem(null);
      announce(t('board.added', { position: scenes.length + 1 }));
    },
    [announce, scenes.length, t],
  );

  // Started from a video's detail page: that video is the first scene.
  const preselected = params.get('scene');
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !preselected || !candidates.data) return;
    seeded.current = true;
    // A variation that is not its group's row is among the row's others.
    const video = candidates.data
      .flatMap((row) => [row, ...row.otherVariations])
      .find((candidate) => candidate.id === preselected);
    if (video) add(video);
  }, [preselected, candidates.data, add]);

  const ratio = scenes[0]?.video.aspectRatio ?? null;
  const totalSeconds = scenes.reduce((sum, scene) => sum + sceneCut(scene).keptSeconds, 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (createFilm.isPending) return;
    const board = JSON.stringify([title, scenes.map((scene) => [scene.video.id, scene.start, scene.end])]);
    const request = boardRequest(title, scenes, clientKeyFor(board));
    if (!request.ok) {
      setProblem(t(`form.${request.problem}`));
      return;
    }
    setProblem(null);
    setPreviewing(false);
    createFilm.mutate(request.body, {
      onSuccess: (film) => {
        navigate(`/dashboard/request/${film.id}`);
      },
      onError: (error) => {
        setProblem(isApiError(error) ? error.message : t('form.error'));
      },
    });
  };

  return (
    <div className="container-page flex flex-col gap-6 py-8 sm:py-10" data-testid="film-board">
      <Button asChild variant="link" className="w-fit">
        <Link to={HISTORY_PATH}>
          <ArrowLeft aria-hidden="true" />
          {t('back')}
        </Link>
      </Button>
      <header className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Clapperboard aria-hidden="true" className="size-7 text-primary" />
          {t('title')}
        </h1>
        <p className="max-w-prose text-muted-foreground">{t('subtitle')}</p>
      </header>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="film-board-announcement">
        {announcement}
      </p>

      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader className="pb-2">
            <CardTitle as="h2" className="text-base">
              {t('candidates.title')}
            </CardTitle>
            <p className="text-sm text-muted-foreground">{t('candidates.hint')}</p>
          </CardHeader>
          <CardContent aria-busy={candidates.isLoading}>
            {candidates.data ? (
              <CandidateList candidates={candidates.data} ratio={ratio} onAdd={add} />
            ) : candidates.isError ? (
              <div role="alert" className="flex flex-col items-start gap-2">
                <p className="font-semibold">{t('candidates.loadError')}</p>
                <Button
                  variant="outline"
                  loading={candidates.isFetching}
                  onClick={() => void candidates.refetch()}
                >
                  {t('candidates.retry')}
                </Button>
              </div>
            ) : (
              <div className="flex flex-col gap-3">
                <Spinner label={t('candidates.loading')} className="text-primary" />
                <CandidatesSkeleton />
              </div>
            )}
          </CardContent>
        </Card>

        <form className="flex min-w-0 flex-col gap-6 lg:col-span-3" onSubmit={submit} noValidate>
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-2">
              <CardTitle as="h2" className="text-base">
                {t('board.title')}
              </CardTitle>
              {scenes.length > 0 ? (
                <p className="text-sm text-muted-foreground" data-testid="film-total">
                  {t('board.total', { value: formatSeconds(totalSeconds, language) })}
                  {ratio ? ` · ${t('board.ratio', { ratio })}` : null}
                </p>
              ) : null}
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <SceneList
                scenes={scenes}
                announce={announce}
                onMove={(from, to) => setScenes((current) => moveScene(current, from, to))}
                onRemove={(index) => setScenes((current) => current.filter((_, i) => i !== index))}
                onTrim={(index, edge, value) =>
                  setScenes((current) =>
                    current.map((scene, i) => (i === index ? { ...scene, [edge]: value } : scene)),
                  )
                }
              />
            </CardContent>
          </Card>

          {previewing && ratio ? (
            <Card>
              <CardHeader className="pb-2">
                <CardTitle as="h2" className="text-base">
                  {t('form.previewTitle')}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <FilmPreview scenes={scenes} aspectRatio={ratio} onEnd={() => setPreviewing(false)} />
              </CardContent>
            </Card>
          ) : null}

          <Card>
            <CardContent className="flex flex-col gap-4 pt-6">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="film-title">{t('form.title')}</Label>
                <Input
                  id="film-title"
                  value={title}
                  maxLength={FILM_TITLE_MAX_LENGTH}
                  placeholder={t('form.titlePlaceholder')}
                  onChange={(event) => setTitle(event.target.value)}
                  data-testid="film-title"
                />
              </div>
              {problem ? (
                <p role="alert" className="text-sm text-destructive" data-testid="film-problem">
                  {problem}
                </p>
              ) : null}
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <Button
                  type="button"
                  variant="outline"
                  disabled={scenes.length === 0 || scenes.some((scene) => !sceneCut(scene).ok)}
                  onClick={() => setPreviewing((on) => !on)}
                  aria-pressed={previewing}
                  data-testid="film-preview-toggle"
                >
                  {previewing ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
                  {previewing ? t('form.stopPreview') : t('form.preview')}
                </Button>
                <Button
                  type="submit"
                  loading={createFilm.isPending}
                  disabled={createFilm.isPending}
                  data-testid="film-save"
                >
                  {createFilm.isPending ? t('form.saving') : t('form.save')}
                </Button>
                <p className="text-sm text-muted-foreground">{t('form.free')}</p>
              </div>
            </CardContent>
          </Card>
        </form>
      </div>
    </div>
  );
}
