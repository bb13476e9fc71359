import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsContract } from '#shared/accounts.contract';
import { videosContract } from '#shared/videos.contract';
import { historyItem, historyPage, me } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import HistoryPage from './history-page';

/** A story (Roteiro, ADR 0062) in the history: ONE item with its shots and status, which opens its board. */

const t = i18n.getFixedT('pt-BR', 'videoHistory');
const { api, renderPage } = pageTest();

const STORY = {
  id: 'story-1',
  title: 'A padaria abre de manhã',
  shots: 4,
  totalSeconds: 26,
  status: 'finished' as const,
  creditsUsed: 8,
  film: { id: 'film-1', status: 'completed' as const, thumbnailUrl: '/media/film.jpg' },
  thumbnailUrl: '/media/film.jpg',
};

describe('History page with a story', () => {
  it('shows the story as one item with its shots, status and a way to its board', async () => {
    api().answer(accountsContract.getMe, me);
    api().answer(
      videosContract.listVideos,
      historyPage([
        historyItem({ id: 'req-1', prompt: 'Um farol na tempestade' }),
        historyItem({ id: 'take-1', prompt: 'Cena 1 da padaria', story: STORY }),
      ]),
    );
    await renderPage(<HistoryPage />, {
      route: '/dashboard/history',
      url: '/dashboard/history',
      namespaces: ['videoHistory', 'videos', 'credits', 'films'],
    });
    const cards = await screen.findByTestId('history-cards');
    const items = within(cards).getAllByTestId('history-card');
    expect(items).toHaveLength(2);
    const story = within(items[1] as HTMLElement);
    expect(story.getByTestId('history-story-title').textContent).toBe('A padaria abre de manhã');
    expect(story.getByTestId('history-story-meta').textContent).toContain('4 cenas · 26 s');
    expect(story.getByTestId('history-story-status').textContent).toBe(
      i18n.getFixedT('pt-BR', 'stories')('list.status.finished'),
    );
    // Not the shot's own row: its prompt is not shown, and it opens the story board.
    expect(story.queryByText('Cena 1 da padaria')).toBeNull();
    const link = story.getByRole('link', { name: t('story.openLabel', { title: STORY.title }) });
    expect(link.getAttribute('href')).toBe('/dashboard/stories/story-1');
    expect(within(screen.getByTestId('history-table')).getAllByTestId('history-story')).toHaveLength(1);
  });

  it('says when it was started and what it spent as the requests around it do, in the table’s own columns', async () => {
    api().answer(accountsContract.getMe, me);
    const started = historyItem({ id: 'take-1', createdAt: '2026-11-24T15:05:00.000Z', story: STORY });
    api().answer(videosContract.listVideos, historyPage([started]));
    await renderPage(<HistoryPage />, {
      route: '/dashboard/history',
      url: '/dashboard/history',
      namespaces: ['videoHistory', 'videos', 'credits', 'films', 'stories'],
    });
    // The phone's card: its date (Brasília) and its credits named, not a bare number.
    const card = within(await screen.findByTestId('history-card'));
    expect(card.getByText('24/11/2026 12:05')).toBeTruthy();
    expect(card.getByTestId('history-story-meta').textContent).toBe('4 cenas · 26 s · 8 créditos');
    // The table: the date, the credits and the status each in its column, as a request's row.
    const row = within(screen.getByTestId('history-table')).getByTestId('history-row');
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(7);
    expect(cells[0]?.textContent).toContain('24/11/2026 12:05');
    expect(cells[4]?.textContent).toBe('8');
    expect(within(cells[5] as HTMLElement).getByTestId('history-story-status')).toBeTruthy();
    expect(
      within(cells[6] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/dashboard/stories/story-1');
  });
});
