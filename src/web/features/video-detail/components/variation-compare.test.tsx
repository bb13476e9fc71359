import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountsContract } from '#shared/accounts.contract';
import { captionsContract } from '#shared/captions.contract';
import { reportsContract } from '#shared/reports.contract';
import type { VideoRequestView } from '#shared/video-request';
import { videosContract } from '#shared/videos.contract';
import { me, videoRequest } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import VideoDetailPage from '../pages/video-detail-page';

/** The request page of a variation: its submit's variations compared side by side, one kept (ADR 0028). */

const t = i18n.getFixedT('pt-BR', 'videoDetail');
const { api, renderPage, queryClient } = pageTest();
const IDS = ['req-1', 'req-2', 'req-3'];

/** Three 9:16 variations: two completed, the third still generating; `keptId` marked on each. */
function group(keptId: string | null = null): Record<string, VideoRequestView> {
  const variation = { groupId: 'req-1', requestIds: IDS, keptId };
  const completed = (id: string) =>
    videoRequest({
      id,
      aspectRatio: '9:16',
      status: 'completed',
      videoUrl: `/media/u/${id}/video.mp4?signature=x`,
      thumbnailUrl: `/media/u/${id}/thumbnail.jpg?signature=x`,
      variation,
    });
  return {
    'req-1': completed('req-1'),
    'req-2': completed('req-2'),
    'req-3': videoRequest({ id: 'req-3', aspectRatio: '9:16', status: 'generating', variation }),
  };
}

function answer(requests: Record<string, VideoRequestView>) {
  // The page asks whether the video was taken down after a report (ADR 0066): none was.
  api().answer(reportsContract.getTakedown, { takedown: null });
  api().answer(videosContract.getVideo, (url) => {
    const id = url.pathname.split('/').pop() ?? '';
    const request = requests[id];
    if (!request) throw new Error(`no request ${id}`);
    return { request };
  });
}

async function open(id: string, requests = group()) {
  api().answer(accountsContract.getMe, me);
  api().answer(videosContract.listVersions, { items: [] });
  api().answer(captionsContract.getCaptions, { captions: null });
  answer(requests);
  await renderPage(<VideoDetailPage />, {
    route: '/dashboard/request/:id',
    url: `/dashboard/request/${id}`,
    namespaces: ['videoDetail', 'videos', 'credits', 'films', 'captions'],
  });
  const compare = await screen.findByTestId('variation-compare');
  await within(compare).findAllByTestId('compare-video');
  return compare;
}

const tiles = (compare: HTMLElement) => within(compare).getAllByTestId('compare-tile');

describe('Comparing variations on the request page', () => {
  it('plays every variation in its own 9:16 ratio, numbered with its status, as a grid or a strip', async () => {
    const compare = await open('req-1');

    expect(tiles(compare).map((tile) => tile.getAttribute('data-id'))).toEqual(IDS);
    expect(tiles(compare).map((tile) => within(tile).getByText(/^Variação \d$/).textContent)).toEqual(
      IDS.map((_, index) => t('compare.item', { number: index + 1 })),
    );
    expect(tiles(compare).map((tile) => within(tile).getByTestId('video-status').dataset.status)).toEqual([
      'completed',
      'completed',
      'generating',
    ]);

    const videos = within(compare).getAllByTestId('compare-video') as HTMLVideoElement[];
    expect(videos).toHaveLength(2);
    for (const [index, video] of videos.entries()) {
      const id = IDS[index] ?? '';
      expect(video.getAttribute('src')).toBe(`/media/u/${id}/video.mp4?signature=x`);
      expect(video.getAttribute('poster')).toBe(`/media/u/${id}/thumbnail.jpg?signature=x`);
      expect(video.muted).toBe(true);
      expect(video.hasAttribute('playsinline')).toBe(true);
      expect(video.controls).toBe(true);
      // Its own ratio, letterboxed inside it, never cropped to a wide frame.
      expect(video.className).toContain('aspect-[9/16]');
      expect(video.className).toContain('object-contain');
      expect(video.className).not.toContain('aspect-video');
    }
    const waiting = within(tiles(compare)[2] as HTMLElement).getByText(t('compare.waiting'));
    expect(waiting.className).toContain('aspect-[9/16]');

    // A sideways strip that snaps tile by tile on a phone, a 2×2 grid from 1024 px (Tailwind's lg).
    const list = within(compare).getByRole('list', { name: t('compare.listLabel') });
    expect(list.className.split(' ')).toEqual(
      expect.arrayContaining([
        'flex',
        'overflow-x-auto',
        'snap-x',
        'snap-mandatory',
        'lg:grid',
        'lg:grid-cols-2',
      ]),
    );
    for (const tile of tiles(compare)) expect(tile.className).toContain('snap-center');
  });

  it('keeps playing a tile when a refetch signs its file again', async () => {
    const compare = await open('req-1');
    const [first] = within(compare).getAllByTestId('compare-video');
    // A live event or the window's focus reads the requests again: the same files, signed later.
    const resigned = group();
    for (const request of Object.values(resigned)) {
      request.videoUrl = request.videoUrl?.replace('signature=x', 'signature=y') ?? null;
      request.thumbnailUrl = request.thumbnailUrl?.replace('signature=x', 'signature=y') ?? null;
    }
    answer(resigned);
    await queryClient().refetchQueries();
    const poster = () => within(compare).getAllByTestId('compare-video')[0]?.getAttribute('poster');
    await waitFor(() => expect(poster()).toBe('/media/u/req-1/thumbnail.jpg?signature=y'));
    expect(within(compare).getAllByTestId('compare-video')[0]).toBe(first);
    expect(first?.getAttribute('src')).toBe('/media/u/req-1/video.mp4?signature=x');
  });

  it('reads a tile’s request again for a fresh URL when its own has expired, once', async () => {
    const compare = await open('req-1');
    const second = within(compare).getAllByTestId('compare-video')[1] as HTMLElement;
    const reads = () =>
      api()
        .callsTo(videosContract.getVideo)
        .filter((call) => call.url.pathname.endsWith('/req-2'));
    const before = reads().length;
    const resigned = group();
    for (const request of Object.values(resigned)) {
      request.videoUrl = request.videoUrl?.replace('signature=x', 'signature=z') ?? null;
    }
    answer(resigned);
    fireEvent.error(second);
    await waitFor(() => expect(second.getAttribute('src')).toBe('/media/u/req-2/video.mp4?signature=z'));
    expect(reads()).toHaveLength(before + 1);
    // A file that fails again (not an expiry) does not send the page round in a loop.
    fireEvent.error(second);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toHaveLength(before + 1);
  });

  it('plays a tapped tile where it is; only "Abrir" leads to the variation’s page', async () => {
    const compare = await open('req-1');
    const [first, second] = tiles(compare) as [HTMLElement, HTMLElement];

    await userEvent.click(within(second).getByTestId('compare-video'));
    await userEvent.click(within(second).getByText(t('compare.item', { number: 2 })));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/request/req-1');
    expect(within(second).queryByRole('link')).not.toBeNull();
    // The page's own variation has no link to itself.
    expect(within(first).queryByTestId('compare-open')).toBeNull();
    expect(within(first).getByText(t('compare.here'))).toBeTruthy();

    await userEvent.click(within(second).getByRole('link', { name: t('compare.openLabel', { number: 2 }) }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/request/req-2');
  });

  it('keeps a variation from its tile: the badge moves to it and the other pages point at it', async () => {
    const compare = await open('req-1');
    expect(within(compare).queryByTestId('compare-kept')).toBeNull();
    // Only a completed variation can be kept.
    expect(within(tiles(compare)[2] as HTMLElement).queryByTestId('compare-keep')).toBeNull();

    const kept = group('req-2');
    api().answer(videosContract.keepVariation, { request: kept['req-2'] as VideoRequestView });
    answer(kept);
    const keep = screen.getByRole('button', { name: t('compare.keepLabel', { number: 2 }) });
    // Its name says which variation, and starts with what it shows (WCAG 2.5.3, axe's label-content-name-mismatch).
    expect(t('compare.keepLabel', { number: 2 }).startsWith(keep.textContent ?? '-')).toBe(true);
    await userEvent.click(keep);

    const badge = await within(compare).findByTestId('compare-kept');
    expect(badge.textContent).toBe(t('compare.kept'));
    expect(badge.closest('[data-testid="compare-tile"]')?.getAttribute('data-id')).toBe('req-2');
    const calls = api().callsTo(videosContract.keepVariation);
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/videos/req-2/keep']);
    expect(within(tiles(compare)[1] as HTMLElement).queryByTestId('compare-keep')).toBeNull();

    // This page is variation 1: it says which one was kept, the one Estender/Editar/Montar filme should use.
    const elsewhere = within(compare).getByTestId('compare-kept-elsewhere');
    expect(elsewhere.textContent).toContain(t('compare.keptElsewhere', { number: 2 }));
    await userEvent.click(
      within(elsewhere).getByRole('link', { name: t('compare.openKept', { number: 2 }) }),
    );
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/request/req-2');
  });

  it('shows nothing to compare for a single video', async () => {
    api().answer(accountsContract.getMe, me);
    api().answer(videosContract.listVersions, { items: [] });
    api().answer(captionsContract.getCaptions, { captions: null });
    api().answer(reportsContract.getTakedown, { takedown: null });
    api().answer(videosContract.getVideo, { request: videoRequest({ status: 'completed' }) });
    await renderPage(<VideoDetailPage />, {
      route: '/dashboard/request/:id',
      url: '/dashboard/request/req-1',
      namespaces: ['videoDetail', 'videos', 'credits', 'films', 'captions'],
    });
    await screen.findByTestId('request-detail');
    expect(screen.queryByTestId('variation-compare')).toBeNull();
  });
});
