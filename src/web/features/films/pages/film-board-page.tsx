import { ArrowLeft, Clapperboard } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { currentLanguage } from '#web/lib/language';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useFilmCandidates } from '../api/films';
import { CandidatesCard } from '../components/candidates-card';
import { FilmPreview } from '../components/film-preview';
import { FilmSaveCard } from '../components/film-save-card';
import { SceneList } from '../components/scene-list';
import { useFilmBoard } from '../hooks/use-film-board';
import { useFilmSave } from '../hooks/use-film-save';
import { formatSeconds, sceneCut } from '../lib/board';

const HISTORY_PATH = '/dashboard/history';
const FORM_ID = 'film-board-form';

/**
 * /dashboard/films/new ('Montar filme', ADR 0014): pick completed videos of one ratio, order them (drag and drop or
 * keyboard), trim each, preview, and save. `?scene={id}` starts the board with that video. Saving costs no credits
 * and opens the film's detail page, which follows it live to completed.
 */
export default function FilmBoardPage() {
  const { t } = useTranslation('films');
  useDocumentTitle(t('documentTitle'));
  const language = currentLanguage();
  const [params] = useSearchParams();
  const candidates = useFilmCandidates();
  const [title, setTitle] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const board = useFilmBoard(
    candidates.data,
    params.get('scene'),
    useCallback(() => setProblem(null), []),
  );
  const { scenes, ratio } = board;
  const save = useFilmSave(title, scenes, { onProblem: setProblem, onSaving: () => setPreviewing(false) });

  return (
    <div className="container-page flex flex-col gap-6 pt-8 pb-28 sm:pt-10 lg:pb-10" data-testid="film-board">
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
        {board.announcement}
      </p>

      <div className="grid gap-6 lg:grid-cols-5">
        <CandidatesCard candidates={candidates} ratio={ratio} onAdd={board.add} />

        <form
          id={FORM_ID}
          className="flex min-w-0 flex-col gap-6 lg:col-span-3"
          onSubmit={save.submit}
          noValidate
        >
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-2">
              <CardTitle as="h2" className="text-base">
                {t('board.title')}
              </CardTitle>
              {scenes.length > 0 ? (
                <p className="text-sm text-muted-foreground" data-testid="film-total">
                  {t('board.total', { value: formatSeconds(board.totalSeconds, language) })}
                  {ratio ? ` · ${t('board.ratio', { ratio })}` : null}
                </p>
              ) : null}
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <SceneList
                scenes={scenes}
                announce={board.announce}
                onMove={board.move}
                onRemove={board.remove}
                onTrim={board.trim}
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

          <FilmSaveCard
            title={title}
            onTitle={setTitle}
            problem={problem}
            previewing={previewing}
            canPreview={scenes.length > 0 && scenes.every((scene) => sceneCut(scene).ok)}
            onTogglePreview={() => setPreviewing((on) => !on)}
            saving={save.saving}
          />
        </form>
      </div>
      <SaveBar problem={problem} saving={save.saving} />
    </div>
  );
}

/**
 * Below the `lg` breakpoint 'Salvar filme' is also a bar fixed to the bottom of the screen (as the create page's
 * submit, ADR 0027), so on a phone it is reachable without scrolling past the list of videos and the scenes
 * (ADR 0058); what stops the save is said in it too.
 */
function SaveBar({ problem, saving }: { problem: string | null; saving: boolean }) {
  const { t } = useTranslation('films');
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 flex flex-col gap-1 border-t border-border bg-background/95 px-4 py-3 shadow-lg backdrop-blur lg:hidden"
      data-testid="film-save-bar"
    >
      {problem ? (
        <p className="text-xs text-destructive" aria-hidden="true">
          {problem}
        </p>
      ) : null}
      <Button type="submit" form={FORM_ID} size="lg" className="w-full" loading={saving} disabled={saving}>
        {saving ? t('form.saving') : t('form.save')}
      </Button>
    </div>
  );
}
