import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountsContract } from '#shared/accounts.contract';
import { videosContract } from '#shared/videos.contract';
import { historyItem, historyPage, me } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import HistoryPage from './history-page';

const t = i18n.getFixedT('pt-BR', 'videoHistory');
const tv = i18n.getFixedT('pt-BR', 'videos');
const { api, renderPage } = pageTest();

const open = (url = '/dashboard/history') => {
  api().answer(accountsContract.getMe, me);
  return renderPage(<HistoryPage />, {
    route: '/dashboard/history',
    url,
    namespaces: ['videoHistory', 'videos', 'credits', 'films'],
  });
};

/** Twelve requests, newest first: the server's first page holds ten, the second two. */
const ALL = Array.from({ length: 12 }, (_, index) =>
  historyItem({
    id: `req-${index + 1}`,
    prompt: `Vídeo número ${index + 1} de um farol na tempestade`,
    status: index % 3 === 0 ? 'failed' : 'completed',
  }),
);

/** The list as the server pages and filters it (by status only: what these tests change). */
function serveList(url: URL) {
  const status = url.searchParams.get('status');
  const matching = ALL.filter((item) => !status || item.status === status);
  const page = Number(url.searchParams.get('page') ?? '1');
  return historyPage(matching.slice((page - 1) * 10, page * 10), {
    page,
    total: matching.length,
    totalPages: Math.max(1, Math.ceil(matching.length / 10)),
  });
}

const listQueries = () =>
  api()
    .callsTo(videosContract.listVideos)
    .map((call) => call.url.search);
const location = () => screen.getByTestId('location').textContent;

describe('History page', () => {
  it('shows a loading state until the first page arrives', async () => {
    const release = api().hold(videosContract.listVideos);
    await open();

    expect(within(screen.getByTestId('history-results')).getByText(t('loading'))).toBeTruthy();
    expect(screen.getByTestId('export-csv').hasAttribute('disabled')).toBe(true);

    release(historyPage([historyItem()]));
    expect(await screen.findByTestId('history-rows')).toBeTruthy();
  });

  it('invites to create the first video when there is none', async () => {
    api().answer(videosContract.listVideos, historyPage([]));
    await open();

    const empty = await screen.findByTestId('history-empty');
    expect(within(empty).getByRole('heading', { name: t('empty.title') })).toBeTruthy();
    expect(
      within(empty)
        .getByRole('link', { name: t('empty.create') })
        .getAttribute('href'),
    ).toBe('/dashboard/create');
    expect(screen.getByTestId('history-total').textContent).toBe(t('total', { count: 0 }));
    expect(screen.getByTestId('export-csv').hasAttribute('disabled')).toBe(true);
  });

  it('says the history could not load, and loads it on retry', async () => {
    api().fail(videosContract.listVideos, 'internal_error', 'Erro interno. Tente novamente.');
    await open();

    const error = await screen.findByTestId('history-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(within(error).getByText(t('loadError'))).toBeTruthy();

    api().answer(videosContract.listVideos, serveList);
    await userEvent.click(within(error).getByRole('button', { name: t('retry') }));
    expect(await screen.findByTestId('history-rows')).toBeTruthy();
    expect(screen.queryByTestId('history-error')).toBeNull();
  });

  it('shows a page of results and moves to the next page', async () => {
    api().answer(videosContract.listVideos, serveList);
    await open();

    const rows = await screen.findByTestId('history-rows');
    expect(screen.getByTestId('history-total').textContent).toBe(t('total', { count: 12 }));
    const table = within(rows).getByTestId('history-table');
    expect(within(table).getAllByTestId('history-row')).toHaveLength(10);
    expect(within(table).getByText(ALL[0]?.prompt ?? '')).toBeTruthy();
    expect(within(table).getAllByText(tv('status.failed')).length).toBeGreaterThan(0);
    expect(screen.getByText(t('pager.summary', { page: 1, totalPages: 2 }))).toBeTruthy();
    expect(screen.getByTestId('export-csv').hasAttribute('disabled')).toBe(false);

    await userEvent.click(screen.getByTestId('pager-next'));

    expect(await screen.findByText(t('pager.summary', { page: 2, totalPages: 2 }))).toBeTruthy();
    expect(within(screen.getByTestId('history-table')).getAllByTestId('history-row')).toHaveLength(2);
    expect(location()).toBe('/dashboard/history?page=2');
    expect(listQueries()).toEqual(['', '?page=2']);
  });

  it('filters by status through the URL, says when nothing matches, and clears the filters', async () => {
    api().answer(videosContract.listVideos, serveList);
    await open('/dashboard/history?status=failed');

    await screen.findByTestId('history-rows');
    expect((screen.getByTestId('filter-status') as HTMLSelectElement).value).toBe('failed');
    expect(screen.getByTestId('history-total').textContent).toBe(t('total', { count: 4 }));
    expect(listQueries()).toEqual(['?status=failed']);

    // The filter speaks the badges' words (ADR 0035, 0058), not the stored statuses.
    const options = [...(screen.getByTestId('filter-status') as HTMLSelectElement).options].map(
      (o) => o.text,
    );
    expect(options).toEqual([t('filters.statusAll'), 'Na fila', 'Gerando', 'Pronto', 'Falhou']);
    await userEvent.selectOptions(screen.getByTestId('filter-status'), tv('phase.queued'));

    const none = await screen.findByTestId('history-no-results');
    expect(within(none).getByRole('heading', { name: t('noResults.title') })).toBeTruthy();
    expect(location()).toBe('/dashboard/history?status=queued');
    expect(listQueries().at(-1)).toBe('?status=queued');

    await userEvent.click(within(none).getByRole('button', { name: t('filters.clear') }));

    await waitFor(() =>
      expect(screen.getByTestId('history-total').textContent).toBe(t('total', { count: 12 })),
    );
    expect(location()).toBe('/dashboard/history');
    expect((screen.getByTestId('filter-status') as HTMLSelectElement).value).toBe('all');
  });

  it('folds the filters behind one button counting those set, and opens them in a dialog that Escape closes', async () => {
    api().answer(videosContract.listVideos, serveList);
    await open('/dashboard/history?q=farol&status=failed&from=2026-01-01&to=2026-01-31');

    await screen.findByTestId('history-rows');
    // Status and the period are set; the search stays on screen above the button and is not counted.
    const trigger = screen.getByTestId('filters-open');
    expect(trigger.textContent).toBe(t('filters.openCount', { active: 2 }));
    expect(trigger.textContent).toBe('Filtros (2)');
    expect((screen.getByTestId('filter-search') as HTMLInputElement).value).toBe('farol');

    await userEvent.click(trigger);
    const sheet = await screen.findByRole('dialog', { name: t('filters.title') });
    expect((within(sheet).getByTestId('filter-status') as HTMLSelectElement).value).toBe('failed');
    expect(within(sheet).getByTestId('filter-from')).toBeTruthy();
    expect(within(sheet).getByTestId('filters-sheet-done').textContent).toBe(
      t('filters.showResults', { count: 4 }),
    );
    expect(sheet.contains(document.activeElement)).toBe(true);
    for (let press = 0; press < 12; press++) {
      await userEvent.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('filters-open'));
    expect(location()).toBe('/dashboard/history?q=farol&status=failed&from=2026-01-01&to=2026-01-31');
  });

  it('applies a filter chosen in the dialog through the URL, and the button says how many results there are', async () => {
    api().answer(videosContract.listVideos, serveList);
    await open();

    await screen.findByTestId('history-rows');
    expect(screen.getByTestId('filters-open').textContent).toBe(t('filters.title'));
    await userEvent.click(screen.getByTestId('filters-open'));
    const sheet = await screen.findByRole('dialog', { name: t('filters.title') });
    expect(within(sheet).getByTestId('filters-sheet-done').textContent).toBe(
      t('filters.showResults', { count: 12 }),
    );

    await userEvent.selectOptions(within(sheet).getByTestId('filter-status'), tv('status.failed'));

    await waitFor(() => expect(location()).toBe('/dashboard/history?status=failed'));
    await waitFor(() =>
      expect(within(sheet).getByTestId('filters-sheet-done').textContent).toBe(
        t('filters.showResults', { count: 4 }),
      ),
    );
    expect(listQueries().at(-1)).toBe('?status=failed');

    await userEvent.click(within(sheet).getByTestId('filters-sheet-done'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('history-total').textContent).toBe(t('total', { count: 4 }));
    const trigger = screen.getByTestId('filters-open');
    expect(trigger.textContent).toBe(t('filters.openCount', { active: 1 }));
    expect(document.activeElement).toBe(trigger);
  });

  it('clears the dialog’s filters and keeps the search', async () => {
    api().answer(videosContract.listVideos, serveList);
    await open('/dashboard/history?q=farol&quality=fast&status=failed');

    await screen.findByTestId('history-rows');
    await userEvent.click(screen.getByTestId('filters-open'));
    const sheet = await screen.findByRole('dialog', { name: t('filters.title') });
    const clear = within(sheet).getByRole('button', { name: t('filters.clear') });

    await userEvent.click(clear);

    await waitFor(() => expect(location()).toBe('/dashboard/history?q=farol'));
    expect((within(sheet).getByTestId('filter-status') as HTMLSelectElement).value).toBe('all');
    expect((within(sheet).getByTestId('filter-quality') as HTMLSelectElement).value).toBe('all');
    expect(clear.hasAttribute('disabled')).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('filters-open').textContent).toBe(t('filters.title'));
    expect((screen.getByTestId('filter-search') as HTMLInputElement).value).toBe('farol');
  });

  it('shows a submit’s kept variation first, as the group’s cover', async () => {
    const group = (index: number, kept: boolean) =>
      historyItem({ id: `var-${index}`, variation: { groupId: 'var-1', index, count: 3, kept } });
    api().answer(videosContract.listVideos, historyPage([group(1, false), group(2, true), group(3, false)]));
    await open();

    // The list renders the group once per layout (table and cards); each shows the same cover.
    const [strip] = await screen.findAllByTestId('history-variations');
    if (!strip) throw new Error('no variations strip');
    const ids = within(strip)
      .getAllByTestId('history-variation')
      .map((item) => item.getAttribute('data-id'));
    expect(ids).toEqual(['var-2', 'var-1', 'var-3']);
    const kept = within(strip).getAllByTestId('history-variation-kept');
    expect(kept).toHaveLength(1);
    expect(kept[0]?.textContent).toBe(t('keptVariation'));
    expect(kept[0]?.closest('[data-testid="history-variation"]')?.getAttribute('data-id')).toBe('var-2');
    // Each variation's credits carry their unit ("Fast · 9:16 · 10 créditos", not a bare "10").
    expect(within(strip).getAllByTestId('variation-meta')[0]?.textContent).toMatch(
      /^\S+ · \d+:\d+ · \d+ créditos/,
    );
  });
});
