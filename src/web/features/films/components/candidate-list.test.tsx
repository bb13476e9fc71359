import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FilmCandidate, FilmCandidateRow } from '#shared/films';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { CandidateList } from './candidate-list';

/** The film board's list: a submit's variations are one row, the kept one, the others behind '+N variações'. */

const t = i18n.getFixedT('pt-BR', 'films');
const { renderPage } = pageTest();

const video = (id: string): FilmCandidate => ({
  id,
  prompt: `Cena ${id}`,
  quality: 'fast',
  resolution: '720p',
  aspectRatio: '9:16',
  deliveredSeconds: 8,
  createdAt: '2026-11-25T12:00:00.000Z',
  thumbnailUrl: null,
  videoUrl: null,
  film: false,
});

describe('CandidateList', () => {
  it('shows one row per submit and opens its other variations on demand', async () => {
    const rows: FilmCandidateRow[] = [
      { ...video('single'), otherVariations: [] },
      { ...video('kept'), otherVariations: [video('other-1'), video('other-2')] },
    ];
    const onAdd = vi.fn();
    await renderPage(<CandidateList candidates={rows} ratio={null} onAdd={onAdd} />, {
      route: '/x',
      url: '/x',
      namespaces: ['films', 'videos'],
    });

    const listed = screen.getAllByTestId('film-candidate-row');
    expect(listed.map((row) => within(row).getAllByTestId('film-candidate')[0]?.dataset.requestId)).toEqual([
      'single',
      'kept',
    ]);
    expect(within(listed[0] as HTMLElement).queryByTestId('film-candidate-variations')).toBeNull();

    const more = within(listed[1] as HTMLElement).getByRole('button', {
      name: t('candidates.otherVariations', { count: 2 }),
    });
    expect(more.textContent).toBe('+2 variações');
    const others = within(listed[1] as HTMLElement).getByTestId('film-candidate-others');
    expect(others.hidden).toBe(true);
    expect(more.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(more);
    expect(others.hidden).toBe(false);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(
      within(others).getByRole('button', { name: t('candidates.addLabel', { prompt: 'Cena other-2' }) }),
    );
    expect(onAdd).toHaveBeenCalledWith(video('other-2'));
  });

  it('tells a 360p draft from its 1080p finish by mode, resolution and length, each thumbnail in its own ratio', async () => {
    const draft = {
      ...video('draft'),
      prompt: 'Vendedora de doces',
      quality: 'draft' as const,
      resolution: '360p' as const,
    };
    const finish = {
      ...video('finish'),
      prompt: 'Vendedora de doces',
      quality: 'quality' as const,
      resolution: '1080p' as const,
    };
    await renderPage(
      <CandidateList
        candidates={[
          { ...finish, otherVariations: [] },
          { ...draft, otherVariations: [] },
        ]}
        ratio={null}
        onAdd={vi.fn()}
      />,
      { route: '/x', url: '/x', namespaces: ['films', 'videos'] },
    );
    expect(screen.getAllByTestId('film-candidate-meta').map((meta) => meta.textContent)).toEqual([
      'Quality · 1080p · 8\u00a0s · 9:16',
      'Rascunho · 360p · 8\u00a0s · 9:16',
    ]);
    for (const thumbnail of screen.getAllByTestId('thumbnail')) {
      expect(thumbnail.style.aspectRatio).toBe('9 / 16');
    }
  });
});
