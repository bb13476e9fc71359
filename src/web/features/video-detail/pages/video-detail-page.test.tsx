import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountsContract } from '#shared/accounts.contract';
import { captionsContract } from '#shared/captions.contract';
import type { VideoRequestView } from '#shared/video-request';
import { videosContract } from '#shared/videos.contract';
import { me, videoRequest } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import VideoDetailPage from './video-detail-page';

const t = i18n.getFixedT('pt-BR', 'videoDetail');
const tv = i18n.getFixedT('pt-BR', 'videos');
const { api, renderPage } = pageTest();

/**
 * The page's own calls besides the request: who is signed in (time zone), the versions (none but this one) and a
 * completed video's captions (none asked for).
 */
function answerAround() {
  api().answer(accountsContract.getMe, me);
  api().answer(videosContract.listVersions, { items: [] });
  api().answer(captionsContract.getCaptions, { captions: null });
}

const open = (id = 'req-1') =>
  renderPage(<VideoDetailPage />, {
    route: '/dashboard/request/:id',
    url: `/dashboard/request/${id}`,
    namespaces: ['videoDetail', 'videos', 'credits', 'films', 'captions'],
  });

async function openWith(request: VideoRequestView) {
  answerAround();
  api().answer(videosContract.getVideo, { request });
  await open(request.id);
  return screen.findByTestId('request-detail');
}

describe('Request detail page', () => {
  it('shows a loading state until the request arrives', async () => {
    answerAround();
    const release = api().hold(videosContract.getVideo);
    await open();

    expect(screen.getByText(t('loading'))).toBeTruthy();
    expect(screen.queryByTestId('request-detail')).toBeNull();

    release({ request: videoRequest() });
    expect((await screen.findByTestId('request-prompt')).textContent).toBe(videoRequest().prompt);
    expect(screen.queryByText(t('loading'))).toBeNull();
  });

  it('says the request was not found, without a retry, when the API answers 404', async () => {
    answerAround();
    api().fail(videosContract.getVideo, 'not_found', 'Solicitação não encontrada.');
    await open('req-unknown');

    expect((await screen.findByRole('alert')).textContent).toBe(t('notFound'));
    expect(screen.getByText(t('notFoundBody'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('retry') })).toBeNull();
    expect(api().callsTo(videosContract.getVideo)).toHaveLength(1); // a 404 is an answer: not retried
  });

  it('offers a retry when the API fails, and shows the request once it answers', async () => {
    answerAround();
    api().fail(videosContract.getVideo, 'internal_error', 'Erro interno. Tente novamente.');
    await open();

    expect((await screen.findByRole('alert')).textContent).toBe(t('loadError'));
    api().answer(videosContract.getVideo, { request: videoRequest() });
    await userEvent.click(screen.getByRole('button', { name: t('retry') }));

    expect(await screen.findByTestId('request-detail')).toBeTruthy();
  });

  it('shows a failed request’s message and the credits given back', async () => {
    const message = 'O conteúdo foi bloqueado pela moderação do Google. Tente outro prompt.';
    const page = await openWith(
      videoRequest({ status: 'failed', errorMessage: message, creditsUsed: 10, completedAt: null }),
    );

    const failure = within(page).getByTestId('video-failed');
    expect(within(failure).getByText(tv('confirmation.failedTitle'))).toBeTruthy();
    expect(within(failure).getByTestId('video-error-message').textContent).toBe(message);
    expect(within(failure).getByText(tv('confirmation.refundedHint'))).toBeTruthy();
    expect(within(page).getByTestId('refund-badge').textContent).toBe(
      t('failed.refunded', { count: 10, value: '10' }),
    );
    expect(within(page).getAllByText(tv('status.failed')).length).toBeGreaterThan(0);
    expect(within(page).queryByTestId('time-left')).toBeNull();
    expect(within(page).queryByTestId('video-player')).toBeNull();
  });

  it('plays and offers the download of a completed video', async () => {
    const page = await openWith(
      videoRequest({
        status: 'completed',
        completedAt: new Date().toISOString(),
        videoUrl: '/media/req-1.mp4?sig=a',
        downloadUrl: '/media/req-1.mp4?sig=a&download=1',
        thumbnailUrl: '/media/req-1.jpg?sig=a',
      }),
    );

    expect(within(page).getByTestId('video-player').getAttribute('src')).toBe('/media/req-1.mp4?sig=a');
    expect(within(page).getByTestId('video-download').textContent).toContain(t('video.download'));
    expect(within(page).getAllByText(tv('status.completed')).length).toBeGreaterThan(0);
    expect(within(page).queryByTestId('time-left')).toBeNull();
    expect(within(page).queryByTestId('video-failed')).toBeNull();
  });

  it('shows a request in progress with its time left and no video yet', async () => {
    const page = await openWith(videoRequest({ status: 'generating' }));

    expect(within(page).getAllByText(tv('status.generating')).length).toBeGreaterThan(0);
    expect(within(page).getByTestId('time-left')).toBeTruthy();
    expect(within(page).getByText(t('video.waiting'))).toBeTruthy();
    expect(within(page).queryByTestId('video-player')).toBeNull();
    expect(within(page).queryByTestId('refund-badge')).toBeNull();
  });

  it('shows a request waiting for capacity with its place in line', async () => {
    const page = await openWith(videoRequest({ status: 'pending', queue: { position: 3, etaSeconds: 120 } }));

    expect(within(page).getByTestId('queue-place').textContent).toBe(
      tv('queue.place', { position: '3', wait: tv('queue.aboutMinutes', { count: 2 }) }),
    );
    expect(within(page).getAllByText(tv('status.pending')).length).toBeGreaterThan(0);
    expect(within(page).getByTestId('time-left')).toBeTruthy();
  });

  it('shows a failed request as failed, with "Tentar de novo" to the create page with the same inputs', async () => {
    const page = await openWith(
      videoRequest({ status: 'failed', errorMessage: 'O modelo recusou o prompt.', aspectRatio: '9:16' }),
    );

    expect(within(page).getByTestId('video-failed').textContent).toContain('O modelo recusou o prompt.');
    expect(within(page).getByTestId('refund-badge')).toBeTruthy();
    expect(within(page).queryByText(tv('confirmation.title'))).toBeNull();
    const retry = within(page).getByTestId('retry-request');
    expect(retry.textContent).toBe(t('retryRequest'));
    const target = new URL(retry.getAttribute('href') ?? '', 'https://cena.test');
    expect(target.pathname).toBe('/dashboard/create');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      prompt: videoRequest().prompt,
      quality: 'fast',
      aspectRatio: '9:16',
      clipSeconds: '8',
    });
    // 'Duplicar Solicitação' stays, as the secondary action.
    expect(within(page).getByTestId('duplicate-request').textContent).toBe(t('duplicate'));
  });

  it('shows the group’s total credits and keeps a variation with "Ficar com esta"', async () => {
    const variation = { groupId: 'req-1', requestIds: ['req-1', 'req-2', 'req-3'], keptId: null };
    const request = videoRequest({ id: 'req-2', status: 'completed', creditsUsed: 10, variation });
    const page = await openWith(request);

    expect(within(page).getByTestId('group-total').textContent).toBe(
      t('variation.summary', { number: 2, count: 3, value: '30' }),
    );
    expect(within(page).queryByTestId('variation-kept')).toBeNull();

    const kept = { ...request, variation: { ...variation, keptId: 'req-2' } };
    api().answer(videosContract.keepVariation, { request: kept });
    api().answer(videosContract.getVideo, { request: kept });
    await userEvent.click(within(page).getByTestId('keep-variation'));

    expect((await within(page).findByTestId('variation-kept')).textContent).toBe(t('variation.kept'));
    const calls = api().callsTo(videosContract.keepVariation);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe('/api/videos/req-2/keep');
    expect(within(page).queryByTestId('keep-variation')).toBeNull();
  });
});
