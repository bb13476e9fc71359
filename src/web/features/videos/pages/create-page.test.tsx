import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { castContract } from '#shared/cast.contract';
import { VIDEO_COST_CREDITS } from '#shared/catalogue';
import { creditsContract } from '#shared/credits.contract';
import { videosContract } from '#shared/videos.contract';
import { availability, credits, queueEstimate, videoRequest } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import CreatePage from './create-page';

const t = i18n.getFixedT('pt-BR', 'videos');
const { api, renderPage } = pageTest();
const FAST = VIDEO_COST_CREDITS.fast;
const PROMPT = 'Um farol na tempestade, ondas quebrando nas pedras';

/** The page's reads besides the balance: the modes served now, the queue, the user's Elenco (empty). */
function answerAround() {
  api().answer(videosContract.getAvailability, availability);
  api().answer(videosContract.estimateQueue, queueEstimate);
  api().answer(castContract.listCast, { items: [] });
}

async function open() {
  answerAround();
  await renderPage(<CreatePage />, {
    route: '/dashboard/create',
    url: '/dashboard/create',
    namespaces: ['videos', 'credits', 'cast'],
  });
}

const summary = (testId: string) => within(screen.getByTestId('cost-summary')).getByTestId(testId);
const submit = () => screen.getByTestId('create-submit');

/** Pasted, not typed key by key: one input event instead of fifty renders of the whole form. */
async function fillPrompt() {
  await userEvent.click(screen.getByTestId('prompt-input'));
  await userEvent.paste(PROMPT);
}

describe('Create page', () => {
  it('shows the cost while the balance loads, then the balance after sending', async () => {
    const release = api().hold(creditsContract.getCredits);
    await open();

    expect(summary('summary-cost').textContent).toBe(
      t('create.summary.credits', { count: FAST, value: `${FAST}` }),
    );
    expect(summary('summary-balance').textContent).toBe('');
    expect(summary('summary-after').textContent).toBe('');

    release(credits(40));
    await waitFor(() =>
      expect(summary('summary-balance').textContent).toBe(
        t('create.summary.credits', { count: 40, value: '40' }),
      ),
    );
    expect(summary('summary-after').textContent).toBe(
      t('create.summary.credits', { count: 40 - FAST, value: `${40 - FAST}` }),
    );
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it('says the balance is unavailable when the API fails', async () => {
    api().fail(creditsContract.getCredits, 'internal_error', 'Erro interno. Tente novamente.');
    await open();

    await waitFor(() => expect(summary('summary-balance').textContent).toBe(t('create.summary.unavailable')));
    expect(summary('summary-after').textContent).toBe(t('create.summary.unavailable'));
  });

  it('blocks the submit on a short balance and shows the way to more credits', async () => {
    api().answer(creditsContract.getCredits, credits(FAST - 3));
    await open();

    await waitFor(() => expect(summary('summary-after').textContent).toBe(t('create.summary.insufficient')));
    expect(summary('summary-short').textContent).toBe(t('create.summary.short', { count: 3, missing: '3' }));
    expect(
      within(screen.getByTestId('cost-summary'))
        .getByRole('link', { name: t('create.summary.getCredits') })
        .getAttribute('href'),
    ).toBe('/pricing');
    expect(submit().hasAttribute('disabled')).toBe(true);
  });

  it('sends a double click once, with the submit disabled while it runs, then goes to its confirmation', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    const release = api().hold(videosContract.createVideo);
    await open();
    await waitFor(() => expect(summary('summary-balance').textContent).not.toBe(''));
    await fillPrompt();

    await userEvent.dblClick(submit());
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(true));
    expect(submit().textContent).toBe(t('create.submitting'));
    expect(screen.getByTestId('create-form').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('prompt-input').hasAttribute('disabled')).toBe(true);
    expect(api().callsTo(videosContract.createVideo)).toHaveLength(1);
    const form = api().callsTo(videosContract.createVideo)[0]?.init.body as FormData;
    expect(form.get('prompt')).toBe(PROMPT);
    expect(form.get('quality')).toBe('fast');

    const request = videoRequest({ id: 'req-new', prompt: PROMPT, status: 'pending' });
    release({ request, group: [request] });

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/confirmation?id=req-new'),
    );
    expect(await screen.findByText(t('create.success'))).toBeTruthy();
  });

  it('says a refused submit in pt-BR and lets the user send again', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    api().fail(videosContract.createVideo, 'internal_error', 'Erro interno. Tente novamente.');
    await open();
    await waitFor(() => expect(summary('summary-balance').textContent).not.toBe(''));
    await fillPrompt();
    await userEvent.click(submit());

    expect((await screen.findByTestId('create-error')).textContent).toBe(t('create.errors.submit'));
    expect(submit().hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/create');
  });

  it('shows the server’s refusal for credits with the way to more of them', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    api().fail(videosContract.createVideo, 'insufficient_credits', 'Créditos insuficientes.');
    await open();
    await waitFor(() => expect(summary('summary-balance').textContent).not.toBe(''));
    await fillPrompt();
    await userEvent.click(submit());

    expect((await screen.findByTestId('create-error')).textContent).toBe(t('create.errors.credits'));
    expect(screen.getByTestId('get-credits').getAttribute('href')).toBe('/pricing');
  });

  it('shows the server’s message for a refused field beside that field', async () => {
    const message = 'Use no máximo 2000 caracteres.';
    api().answer(creditsContract.getCredits, credits(40));
    api().fail(videosContract.createVideo, 'invalid_request', 'Verifique os campos.', { prompt: message });
    await open();
    await waitFor(() => expect(summary('summary-balance').textContent).not.toBe(''));
    await fillPrompt();
    await userEvent.click(submit());

    expect((await screen.findByTestId('prompt-error')).textContent).toBe(message);
    expect(screen.getByTestId('prompt-input').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('create-error')).toBeNull();
  });

  it('says in the server’s words why the cast does not fit', async () => {
    const message = 'Este modelo aceita até 3 imagens de referência: escolha menos membros do elenco.';
    api().answer(creditsContract.getCredits, credits(40));
    api().fail(videosContract.createVideo, 'cast_does_not_fit', message);
    await open();
    await waitFor(() => expect(summary('summary-balance').textContent).not.toBe(''));
    await fillPrompt();
    await userEvent.click(submit());

    expect((await screen.findByTestId('create-error')).textContent).toBe(message);
    expect(api().callsTo(castContract.listCast).length).toBeGreaterThan(1); // the cast is read again
  });
});
