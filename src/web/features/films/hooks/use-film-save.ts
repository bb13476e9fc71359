import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '#web/lib/api';
import { newUuid } from '#web/lib/uuid';
import { useCreateFilm } from '../api/films';
import { type BoardScene, boardRequest } from '../lib/board';

/**
 * Saving the film: the board checked first (scenes, title, trims; ADR 0014), then one request whose `clientKey`
 * is kept per version of the board, so a retried save of the same board is the same film and a changed board a new
 * one. Saving costs no credits and opens the film's detail page.
 */
export function useFilmSave(
  title: string,
  scenes: readonly BoardScene[],
  { onProblem, onSaving }: { onProblem: (problem: string | null) => void; onSaving: () => void },
) {
  const { t } = useTranslation('films');
  const navigate = useNavigate();
  const createFilm = useCreateFilm();
  const lastSave = useRef<{ board: string; clientKey: string } | null>(null);
  const clientKeyFor = (board: string): string => {
    if (lastSave.current?.board !== board) lastSave.current = { board, clientKey: newUuid() };
    return lastSave.current.clientKey;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (createFilm.isPending) return;
    const board = JSON.stringify([title, scenes.map((scene) => [scene.video.id, scene.start, scene.end])]);
    const request = boardRequest(title, scenes, clientKeyFor(board));
    if (!request.ok) {
      onProblem(t(`form.${request.problem}`));
      return;
    }
    onProblem(null);
    onSaving();
    createFilm.mutate(request.body, {
      onSuccess: (film) => {
        navigate(`/dashboard/request/${film.id}`);
      },
      onError: (error) => {
        onProblem(isApiError(error) ? error.message : t('form.error'));
      },
    });
  };

  return { submit, saving: createFilm.isPending };
}
