import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountsContract } from '#shared/accounts.contract';
import { AGE_MESSAGES } from '#shared/age';
import { captionsContract } from '#shared/captions.contract';
import { creditsContract } from '#shared/credits.contract';
import { filmsContract } from '#shared/films.contract';
import { reportsContract } from '#shared/reports.contract';
import type { VideoRequestView } from '#shared/video-request';
import { videosContract } from '#shared/videos.contract';
import { credits, me, videoRequest } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import VideoDetailPage from './video-detail-page';

const t = i18n.getFixedT('pt-BR', 'videoDetail');
const tv = i18n.getFixedT('pt-BR', 'videos');
const { api, renderPage } = pageTest();

afterEach(() => {
  vi.useRealTimers();
});

/** The queue estimate the progress line reads the mode's measured time from. */
function answerEstimate(usualSeconds: number) {
  const mode = { waiting: 0, etaSeconds: 0, usualSeconds, longerThanUsual: false, heldBy: null };
  api().answer(videosContract.estimateQueue, { draft: mode, fast: mode, quality: mode });
}

/**
 * The page's own calls besides the request: who is signed in (time zone), the versions (none but this one), a
 * completed video's captions (none asked for) and its takedown (none).
 */
function answerAround() {
  api().answer(accountsContract.getMe, me);
  api().answer(videosContract.listVersions, { items: [] });
  api().answer(captionsContract.getCaptions, { captions: null });
  api().answer(reportsContract.getTakedown, { takedown: null });
}

const open = (id = 'req-1') =>
  renderPage(<VideoDetailPage />, {
    route: '/dashboard/request/:id',
    url: `/dashboard/request/${id}`,
    // `accounts` as the signed-in shell loads it: the age rule's dialog (ADR 0066).
    namespaces: ['videoDetail', 'videos', 'credits', 'films', 'captions', 'accounts'],
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
    expect(within(page).getByTestId('video-status').textContent).toBe('Falhou');
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
    expect(within(page).getByTestId('video-status').textContent).toBe('Pronto');
    // The four primary actions sit together under the player.
    const actions = within(within(page).getByTestId('primary-actions'));
    for (const name of [t('video.download'), t('extend.open'), t('edit.open'), t('share.share')]) {
      expect(actions.getByRole('button', { name })).toBeTruthy();
    }
    // One height for the four (the grid puts them side by side at 375 and 1280 px), at least 44 px to touch: Estender
    // and Editar were a size smaller than Baixar and Compartilhar beside them.
    const heights = actions.getAllByRole('button').map((button) => button.className.match(/\bh-\d+\b/)?.[0]);
    expect(heights).toEqual(['h-12', 'h-12', 'h-12', 'h-12']);
    expect(within(page).queryByTestId('time-left')).toBeNull();
    expect(within(page).queryByTestId('video-failed')).toBeNull();
  });

  it('shows a request in progress with its time left and no video yet', async () => {
    const page = await openWith(videoRequest({ status: 'generating' }));

    expect(within(page).getByTestId('video-status').textContent).toBe('Gerando');
    expect(within(page).getByTestId('time-left')).toBeTruthy();
    expect(within(page).getByText(t('video.waiting'))).toBeTruthy();
    expect(within(page).queryByTestId('video-player')).toBeNull();
    expect(within(page).queryByTestId('refund-badge')).toBeNull();
  });

  it('shows a request waiting for capacity as "Na fila" with its place in the one progress line', async () => {
    answerEstimate(120);
    const page = await openWith(videoRequest({ status: 'pending', queue: { position: 3, etaSeconds: 120 } }));

    expect(within(page).getByTestId('video-status').textContent).toBe('Na fila');
    expect(within(page).getAllByTestId('progress-line')).toHaveLength(1);
    expect(within(page).getByTestId('progress-line').textContent).toContain(
      `Na fila${t('progress.position', { position: 3 })}`,
    );
  });

  it('shows a failed request as failed, and "Tentar de novo" makes it again in one click and opens the new request', async () => {
    const failed = videoRequest({
      status: 'failed',
      errorMessage: 'O modelo recusou o prompt.',
      aspectRatio: '9:16',
    });
    const page = await openWith(failed);

    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(t('failed.title'));
    expect(within(page).getByTestId('video-failed').textContent).toContain('O modelo recusou o prompt.');
    expect(within(page).getByTestId('video-failed').textContent).toContain(tv('confirmation.refundedHint'));
    expect(within(page).getByTestId('refund-badge')).toBeTruthy();
    expect(within(page).queryByText(tv('confirmation.title'))).toBeNull();
    // 'Editar e tentar' is the create page with the same inputs; 'Duplicar Solicitação' stays secondary.
    const edit = within(page).getByTestId('edit-and-retry');
    const target = new URL(edit.getAttribute('href') ?? '', 'https://cena.test');
    expect(target.pathname).toBe('/dashboard/create');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      prompt: videoRequest().prompt,
      quality: 'fast',
      aspectRatio: '9:16',
      clipSeconds: '8',
    });
    expect(within(page).getByTestId('duplicate-request').textContent).toBe(t('duplicate'));

    const made = videoRequest({ id: 'req-9', status: 'pending', aspectRatio: '9:16' });
    api().answer(videosContract.retryVideo, { request: made });
    api().answer(videosContract.getVideo, { request: made });
    answerEstimate(120);
    api().answer(creditsContract.getCredits, credits(50));
    const retry = within(page).getByTestId('retry-request');
    expect(retry.textContent).toBe(t('retryRequest'));
    await userEvent.click(retry);
    // Nothing is sent before the charge's question is answered (ADR 0058).
    const dialog = await screen.findByTestId('retry-dialog');
    await vi.waitFor(() => expect(within(dialog).getByTestId('retry-after').textContent).toBe('40 créditos'));
    expect(api().callsTo(videosContract.retryVideo)).toHaveLength(0);
    await userEvent.dblClick(within(dialog).getByTestId('retry-confirm'));

    await vi.waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/request/req-9'),
    );
    const calls = api().callsTo(videosContract.retryVideo);
    expect(calls[0]?.url.pathname).toBe('/api/videos/req-1/retry');
    // A double click sends one key: the server makes one request of it.
    expect(new Set(calls.map((call) => JSON.parse(String(call.init.body)).clientKey)).size).toBe(1);
  });

  it('counts the time left down every second from the queue’s ETA, never below zero', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00.000Z'));
    answerEstimate(120);
    const page = await openWith(
      videoRequest({
        status: 'pending',
        createdAt: '2026-03-01T12:00:00.000Z',
        queue: { position: 2, etaSeconds: 60 },
      }),
    );
    const left = () => within(page).getByTestId('time-left');
    // 60 s in line, then the mode's measured 120 s.
    await vi.waitFor(() => expect(left().textContent).toBe(t('progress.left', { time: '3:00' })));
    await act(() => vi.advanceTimersByTime(1000));
    expect(left().textContent).toBe(t('progress.left', { time: '2:59' }));
    await act(() => vi.advanceTimersByTime(119_000));
    expect(left().textContent).toBe(t('progress.left', { time: '1:00' }));
    // An estimate's last minute is 'quase pronto', never 'pronto em cerca de 0:03'.
    await act(() => vi.advanceTimersByTime(57_000));
    expect(left().textContent).toBe(t('progress.almost'));
    expect(left().getAttribute('data-seconds')).toBe('3');
    await act(() => vi.advanceTimersByTime(3_000));
    expect(left().textContent).toBe(t('progress.almost'));
    await act(() => vi.advanceTimersByTime(60_000));
    expect(left().textContent).toBe(t('progress.almost'));
    expect(left().getAttribute('data-seconds')).toBe('0');
  });

  it('falls back to the mode’s usual time when the queue estimate is not known', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:01:00.000Z'));
    api().fail(videosContract.estimateQueue, 'internal_error', 'Erro interno.');
    const page = await openWith(
      videoRequest({ status: 'generating', quality: 'fast', createdAt: '2026-03-01T12:00:00.000Z' }),
    );
    // Fast's catalogue upper bound is 5 minutes; one has gone.
    expect(within(page).getByTestId('time-left').textContent).toBe(t('progress.left', { time: '4:00' }));
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

  it('leads a completed draft with Finalizar and charges only after the confirm (ADR 0058)', async () => {
    const draft = videoRequest({
      status: 'completed',
      quality: 'draft',
      creditsUsed: 4,
      aspectRatio: '9:16',
      videoUrl: 'https://media.cena.test/v.mp4',
      technical: {
        provider: 'gemini',
        model: 'gemini-omni-1.1-flash',
        resolution: '360p',
        deliveredSeconds: 8,
      },
    });
    api().answer(creditsContract.getCredits, credits(30));
    const page = await openWith(draft);

    // The way up comes before the video, with the mode, frame and price it leads with.
    const lead = within(page).getByTestId('finish-lead');
    const video = within(page).getByTestId('video-stage');
    expect(lead.compareDocumentPosition(video) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(lead).getByTestId('finish-lead-target').textContent).toBe(
      'Quality (1080p) · 1080x1920 · 25 créditos',
    );
    expect(within(page).getAllByTestId('finish-open')).toHaveLength(1);

    await userEvent.click(within(lead).getByTestId('finish-open'));
    const dialog = await screen.findByTestId('finish-dialog');
    // What the model receives, said truly: Google's models take no seed.
    expect(within(dialog).queryByText(/e seed/)).toBeNull();
    expect(within(dialog).getByTestId('finish-seed').textContent).toBe(tv('finish.seedGoogle'));
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('finish-4k').getAttribute('data-affordable')).toBe('false'),
    );
    expect(within(dialog).getByTestId('finish-quality').getAttribute('data-affordable')).toBe('true');
    expect(within(dialog).getByTestId('finish-4k-short').textContent).toBe(tv('finish.cannotAfford'));

    await userEvent.click(within(dialog).getByTestId('finish-quality'));
    expect(within(dialog).getByTestId('finish-cost').textContent).toBe('25 créditos');
    expect(within(dialog).getByTestId('finish-balance').textContent).toBe('30 créditos');
    expect(within(dialog).getByTestId('finish-after').textContent).toBe('5 créditos');
    expect(api().callsTo(videosContract.finishVideo)).toHaveLength(0);

    const made = videoRequest({ id: 'req-7', status: 'pending', quality: 'quality', kind: 'finish' });
    api().answer(videosContract.finishVideo, { request: made, method: 'regenerate', note: 'n' });
    api().answer(videosContract.getVideo, { request: made });
    answerEstimate(120);
    await userEvent.dblClick(within(dialog).getByTestId('finish-confirm'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/request/req-7'),
    );
    const calls = api().callsTo(videosContract.finishVideo);
    expect(new Set(calls.map((call) => JSON.parse(String(call.init.body)).clientKey)).size).toBe(1);
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({ quality: 'quality' });
  });

  it('names the shortfall, disables the confirm and offers the buy sheet in place when the balance is short', async () => {
    api().answer(creditsContract.getCredits, credits(6));
    const page = await openWith(videoRequest({ status: 'completed', quality: 'draft', creditsUsed: 4 }));
    await userEvent.click(within(page).getByTestId('finish-open'));
    const dialog = await screen.findByTestId('finish-dialog');
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('finish-quality').getAttribute('data-affordable')).toBe('false'),
    );
    await userEvent.click(within(dialog).getByTestId('finish-quality'));
    expect(within(dialog).getByTestId('finish-after').textContent).toBe(tv('charge.insufficient'));
    expect(within(dialog).getByTestId('finish-short').textContent).toBe(
      tv('charge.short', { count: 19, missing: '19' }),
    );
    expect((within(dialog).getByTestId('finish-confirm') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByTestId('finish-buy'));
    expect(await screen.findByTestId('buy-credits-sheet')).toBeTruthy();
    expect(screen.getByTestId('buy-sheet-missing').textContent).toBe(
      tv('create.buySheet.missing', { count: 19, missing: '19' }),
    );
    expect(api().callsTo(videosContract.finishVideo)).toHaveLength(0);
  });

  it('offers a Fast video one way up: Finalizar from Quality, no Gerar em Quality', async () => {
    api().answer(creditsContract.getCredits, credits(100));
    const page = await openWith(videoRequest({ status: 'completed', quality: 'fast' }));
    expect(within(page).queryByTestId('finish-lead')).toBeNull();
    expect(within(page).queryByText('Gerar em Quality')).toBeNull();
    await userEvent.click(within(page).getByTestId('finish-open'));
    const dialog = await screen.findByTestId('finish-dialog');
    expect(within(dialog).queryByTestId('finish-fast')).toBeNull();
    expect(within(dialog).getByTestId('finish-quality')).toBeTruthy();
    expect(within(dialog).getByTestId('finish-4k')).toBeTruthy();
  });

  it('says no credit was debited for a request that cost nothing, not "0 crédito debitado"', async () => {
    const page = await openWith(videoRequest({ status: 'completed', creditsUsed: 0 }));
    expect(within(page).getByText('Nenhum crédito debitado')).toBeTruthy();
    expect(within(page).queryByText(/^0 crédito/)).toBeNull();
  });

  it('reports a film by its scenes: no "Duração pedida: 8 s", no single mode, its measured length', async () => {
    api().answer(filmsContract.listFilmScenes, { items: [] });
    const film = videoRequest({
      status: 'completed',
      kind: 'film',
      quality: 'quality',
      clipSeconds: 8,
      technical: { provider: null, model: null, resolution: '1080p', deliveredSeconds: 14 },
    });
    const page = await openWith(film);
    const technical = within(page).getByTestId('technical-info');
    expect(within(technical).queryByTestId('technical-clipSeconds')).toBeNull();
    expect(within(technical).getByTestId('technical-quality').textContent).toBe(t('technical.filmQuality'));
    expect(technical.textContent).toContain('14');
  });
});

describe('A video taken down after a report (ADR 0066)', () => {
  it('says so with the reason and lets the owner contest once', async () => {
    answerAround();
    api().answer(reportsContract.getTakedown, {
      takedown: {
        reason: 'copyright',
        takenDownAt: '2026-11-24T15:05:00.000Z',
        contestedAt: null,
        canContest: true,
      },
    });
    api().answer(videosContract.getVideo, {
      request: videoRequest({ status: 'completed', completedAt: new Date().toISOString() }),
    });
    api().answer(reportsContract.contestTakedown, { contestedAt: '2026-11-25T13:00:00.000Z' });
    await open();
    const card = await screen.findByTestId('takedown-card');
    expect(card.textContent).toContain(
      'Em 24/11/2026 a equipe da Cena removeu este vídeo após uma denúncia.',
    );
    expect(card.textContent).toContain('Motivo: direitos autorais.');
    const send = within(card).getByRole('button', { name: t('takedown.contest') });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(card).getByLabelText(t('takedown.contestLabel')), 'A trilha é minha.');
    api().answer(reportsContract.getTakedown, {
      takedown: {
        reason: 'copyright',
        takenDownAt: '2026-11-24T15:05:00.000Z',
        contestedAt: '2026-11-25T13:00:00.000Z',
        canContest: false,
      },
    });
    await userEvent.click(send);
    expect(JSON.parse(String(api().callsTo(reportsContract.contestTakedown)[0]?.init.body))).toEqual({
      text: 'A trilha é minha.',
    });
    expect((await screen.findByTestId('takedown-contested')).textContent).toBe(
      t('takedown.contested', { date: '25/11/2026' }),
    );
    expect(screen.queryByRole('button', { name: t('takedown.contest') })).toBeNull();
  });
});

describe('A paid action of an account without a birth date (ADR 0066)', () => {
  /** An account made before the age rule, or with Google: the server refuses what spends with 403. */
  const withoutBirthDate = { ...me, user: { ...me.user, birthDateKnown: false } };
  const ageDialog = () => screen.findByRole('dialog', { name: 'Confirme sua idade' });
  /** The page's dimming layers. */
  const overlays = () => document.querySelectorAll('[data-slot="dialog-overlay"]');
  /**
   * One dialog on one backdrop while the age is asked: the action's dialog is hidden beneath it, and its backdrop
   * is the only one (a second made the page twice as dark, with one card half over the other).
   */
  const expectAskedAlone = (age: HTMLElement, beneath: HTMLElement) => {
    expect(overlays()).toHaveLength(1);
    expect(beneath.hidden).toBe(true);
    expect(age.hidden).toBe(false);
  };

  async function openAsUndated(request: VideoRequestView) {
    answerAround();
    api().answer(accountsContract.getMe, withoutBirthDate);
    api().answer(creditsContract.getCredits, credits(100));
    api().answer(videosContract.getVideo, { request });
    await open(request.id);
    return screen.findByTestId('request-detail');
  }

  it('asks "Confirme sua idade" when Estender is refused, not the server’s words, and confirms it after the date', async () => {
    const video = videoRequest({
      status: 'completed',
      completedAt: new Date().toISOString(),
      videoUrl: 'https://media.cena.test/v.mp4',
      derivations: {
        extend: { allowed: true, reason: null, lengthAfterSeconds: 16, continuation: 'same-take' },
        edit: { allowed: false, reason: null },
      },
    });
    api().fail(videosContract.extendVideo, 'birth_date_required', AGE_MESSAGES.birthDateRequired);
    const page = await openAsUndated(video);
    await userEvent.click(within(page).getByTestId('extend-open'));
    const extend = await screen.findByRole('dialog', { name: t('extend.title') });
    await vi.waitFor(() =>
      expect(within(extend).getByTestId('extend-balance').textContent).toBe('100 créditos'),
    );
    await userEvent.click(within(extend).getByTestId('extend-confirm'));

    const age = await ageDialog();
    expectAskedAlone(age, extend);
    expect(screen.queryByText(AGE_MESSAGES.birthDateRequired)).toBeNull();
    expect(within(extend).queryByTestId('extend-error')).toBeNull();
    api().answer(accountsContract.setBirthDate, me);
    await userEvent.type(within(age).getByLabelText('Data de nascimento'), '17051990');
    await userEvent.click(within(age).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirme sua idade' })).toBeNull());
    // Focus is back on the action's dialog (its busy confirm had dropped it), one Tab from its fields.
    expect(document.activeElement).toBe(extend);
    expect(extend.hidden).toBe(false);
    expect(overlays()).toHaveLength(1);
    expect(JSON.parse(String(api().callsTo(accountsContract.setBirthDate)[0]?.init.body))).toEqual({
      birthDate: '1990-05-17',
    });
    // Giving the date sent nothing else; back on the charge's question, with the text, it can be confirmed again.
    expect(api().callsTo(videosContract.extendVideo)).toHaveLength(1);
    const made = videoRequest({ id: 'req-8', status: 'pending', kind: 'extension' });
    api().answer(videosContract.extendVideo, { request: made });
    api().answer(videosContract.getVideo, { request: made });
    answerEstimate(120);
    await userEvent.click(within(extend).getByTestId('extend-confirm'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/request/req-8'),
    );
    const calls = api().callsTo(videosContract.extendVideo);
    expect(calls).toHaveLength(2);
    expect(JSON.parse(String(calls[1]?.init.body)).prompt).toBe(video.prompt);
  });

  it('asks the same when Finalizar is refused', async () => {
    const draft = videoRequest({
      status: 'completed',
      quality: 'draft',
      creditsUsed: 4,
      videoUrl: 'https://media.cena.test/v.mp4',
    });
    api().fail(videosContract.finishVideo, 'birth_date_required', AGE_MESSAGES.birthDateRequired);
    const page = await openAsUndated(draft);
    await userEvent.click(within(within(page).getByTestId('finish-lead')).getByTestId('finish-open'));
    const finish = await screen.findByTestId('finish-dialog');
    await userEvent.click(within(finish).getByTestId('finish-quality'));
    await userEvent.click(within(finish).getByTestId('finish-confirm'));
    expectAskedAlone(await ageDialog(), finish);
    expect(screen.queryByText(AGE_MESSAGES.birthDateRequired)).toBeNull();
  });

  it('asks the same when Tentar de novo is refused', async () => {
    api().fail(videosContract.retryVideo, 'birth_date_required', AGE_MESSAGES.birthDateRequired);
    const page = await openAsUndated(
      videoRequest({ status: 'failed', errorMessage: 'O modelo recusou o prompt.' }),
    );
    await userEvent.click(within(page).getByTestId('retry-request'));
    const retry = await screen.findByTestId('retry-dialog');
    await vi.waitFor(() =>
      expect(within(retry).getByTestId('retry-balance').textContent).toBe('100 créditos'),
    );
    await userEvent.click(within(retry).getByTestId('retry-confirm'));
    expectAskedAlone(await ageDialog(), retry);
    expect(screen.queryByText(AGE_MESSAGES.birthDateRequired)).toBeNull();
  });
});
