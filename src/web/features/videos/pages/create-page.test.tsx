import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountsContract } from '#shared/accounts.contract';
import { billingContract } from '#shared/billing.contract';
import { castContract } from '#shared/cast.contract';
import { REFERENCE_IMAGE_MAX_BYTES, referenceImageMaxMegabytes, VIDEO_COST_CREDITS } from '#shared/catalogue';
import { creditsContract } from '#shared/credits.contract';
import { PROMPT_PREVIEW_RULES_NOTE, videoModelPromptText } from '#shared/prompt-preview';
import { videosContract } from '#shared/videos.contract';
import { availability, credits, me, queueEstimate, videoRequest } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { fakeTab, pageTest } from '#tests/support/web-page';
import { applyCreditsEvent } from '#web/features/credits';
import CreatePage from './create-page';

const t = i18n.getFixedT('pt-BR', 'videos');
const { api, renderPage } = pageTest();
const FAST = VIDEO_COST_CREDITS.fast;
const PROMPT = 'Um farol na tempestade, ondas quebrando nas pedras';

/** The page's reads besides the balance: who is signed in, the modes served now, the queue, the Elenco (empty). */
function answerAround() {
  api().answer(accountsContract.getMe, me);
  api().answer(videosContract.getAvailability, availability);
  api().answer(videosContract.estimateQueue, queueEstimate);
  api().answer(castContract.listCast, { items: [] });
}

/** The page's query client, as the realtime stream reaches it (src/web/features/credits `applyCreditsEvent`). */
let queryClient: QueryClient | undefined;
function QueryClientProbe() {
  queryClient = useQueryClient();
  return null;
}

async function open(url = '/dashboard/create') {
  answerAround();
  await renderPage(
    <>
      <CreatePage />
      <QueryClientProbe />
    </>,
    {
      route: '/dashboard/create',
      url,
      namespaces: ['videos', 'credits', 'cast', 'billing'],
    },
  );
}

const DRAFT_KEY = `cena:create-draft:${me.user.id}`;
const savedDraft = () => JSON.parse(window.localStorage.getItem(DRAFT_KEY) ?? 'null');

const summary = (testId: string) => within(screen.getByTestId('cost-summary')).getByTestId(testId);
const submit = () => screen.getByTestId('create-submit');

/** Pasted, not typed key by key: one input event instead of fifty renders of the whole form. */
async function fillPrompt() {
  await userEvent.click(screen.getByTestId('prompt-input'));
  await userEvent.paste(PROMPT);
}

describe('Create page', () => {
  it('names the cost of three variations as theirs, not "Custo do vídeo"', async () => {
    api().answer(creditsContract.getCredits, credits(100));
    await open();
    expect(within(screen.getByTestId('cost-summary')).getByText('Custo do vídeo')).toBeTruthy();
    await userEvent.click(screen.getByTestId('variations-3'));
    expect(within(screen.getByTestId('cost-summary')).getByText('Custo dos 3 vídeos')).toBeTruthy();
    expect(summary('summary-cost').textContent).toBe(
      t('create.summary.credits', { count: 3 * FAST, value: `${3 * FAST}` }),
    );
  });

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
      within(screen.getByTestId('cost-summary')).getByRole('button', {
        name: t('create.summary.getCredits'),
      }),
    ).toBeTruthy();
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
    // The packages open at once, over the page: buying never leaves the draft.
    expect(await screen.findByTestId('buy-credits-sheet')).toBeTruthy();
    expect(screen.getByTestId('get-credits').tagName).toBe('BUTTON');
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

  it('says the shortfall at the top, beside the cost, as soon as the balance is known', async () => {
    api().answer(creditsContract.getCredits, credits(FAST - 3));
    await open();

    const top = await screen.findByTestId('create-shortfall');
    expect(top.textContent).toContain(t('create.summary.insufficient'));
    expect(top.textContent).toContain(
      t('create.summary.top', {
        count: 3,
        missing: '3',
        cost: t('create.summary.credits', { count: FAST, value: `${FAST}` }),
        balance: t('create.summary.credits', { count: FAST - 3, value: `${FAST - 3}` }),
      }),
    );
    // Above the form, not after three screens of it.
    const position = top.compareDocumentPosition(screen.getByTestId('create-form'));
    expect(position & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('buys from a sheet over the page, checkout in a new tab, and goes on when the credits arrive', async () => {
    api().answer(creditsContract.getCredits, credits(FAST - 3));
    api().answer(billingContract.createCreditCheckout, { url: 'https://checkout.test/session' });
    const tab = fakeTab();
    await open();
    await fillPrompt();

    await userEvent.click(await screen.findByTestId('shortfall-buy'));
    const sheet = await screen.findByTestId('buy-credits-sheet');
    expect(within(sheet).getByTestId('buy-sheet-missing').textContent).toBe(
      t('create.buySheet.missing', { count: 3, missing: '3' }),
    );
    await userEvent.click(within(sheet).getByTestId('buy-small'));

    await waitFor(() => expect(tab.location.href).toBe('https://checkout.test/session'));
    const [call] = api().callsTo(billingContract.createCreditCheckout);
    expect(JSON.parse(String(call?.init.body))).toEqual({ packageType: 'small' });
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/create');

    // The purchase lands: the realtime `credits` event brings the new balance.
    api().answer(creditsContract.getCredits, credits(FAST + 97));
    applyCreditsEvent(queryClient as QueryClient, { balance: FAST + 97 });
    expect(await screen.findByTestId('credits-arrived')).toBeTruthy();
    expect(screen.queryByTestId('create-shortfall')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('buy-credits-sheet')).toBeNull());
    expect((screen.getByTestId('prompt-input') as HTMLTextAreaElement).value).toBe(PROMPT);
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it('shows credits that arrive while the first read of the balance is still on its way, not that older read', async () => {
    const release = api().hold(creditsContract.getCredits);
    await open();
    // A grant lands before the page's first read answers: that read began before it, the next one sees it.
    api().answer(creditsContract.getCredits, credits(120));
    applyCreditsEvent(queryClient as QueryClient, { balance: 120 });
    release(credits(0));
    await waitFor(() =>
      expect(summary('summary-balance').textContent).toBe(
        t('create.summary.credits', { count: 120, value: '120' }),
      ),
    );
  });

  it('says what size a 4K master comes out at when its ratio is reframed', async () => {
    api().answer(creditsContract.getCredits, credits(100));
    await open();
    await userEvent.click(within(screen.getByTestId('quality-quality')).getByRole('radio'));
    await userEvent.click(screen.getByTestId('clip-4k'));
    expect(screen.queryByTestId('clip-4k-reframed')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /1:1/ }));
    expect(screen.getByTestId('clip-4k-reframed').textContent).toBe(
      t('create.clip.reframed4k', { ratio: '1:1', size: '2160x2160' }),
    );
    await userEvent.click(screen.getByRole('radio', { name: /9:16/ }));
    expect(screen.queryByTestId('clip-4k-reframed')).toBeNull();
  });

  it('keeps the draft across a reload and clears it only after a successful submit', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    await open();
    await waitFor(() => expect(summary('summary-balance').textContent).not.toBe(''));
    await fillPrompt();
    await userEvent.click(screen.getByRole('radio', { name: /9:16/ }));
    await waitFor(() => expect(savedDraft()).toMatchObject({ prompt: PROMPT, aspectRatio: '9:16' }));

    cleanup(); // the reload: the page is gone, the storage stays
    await open();
    await waitFor(() =>
      expect((screen.getByTestId('prompt-input') as HTMLTextAreaElement).value).toBe(PROMPT),
    );
    expect((screen.getByRole('radio', { name: /9:16/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('draft-restored').textContent).toBe(t('create.draftRestored'));

    const request = videoRequest({ id: 'req-draft', prompt: PROMPT, status: 'pending' });
    api().answer(videosContract.createVideo, { request, group: [request] });
    await userEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/confirmation?id=req-draft'),
    );
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('keeps the clip length and the 4K master across a reload (ADR 0033 fields in the ADR 0027 draft)', async () => {
    api().answer(creditsContract.getCredits, credits(400));
    await open();
    await fillPrompt();
    await userEvent.click(within(screen.getByTestId('quality-quality')).getByRole('radio'));
    await userEvent.selectOptions(screen.getByTestId('clip-length'), '6');
    await userEvent.click(screen.getByTestId('clip-4k'));
    await waitFor(() => expect(savedDraft()).toMatchObject({ clipSeconds: '6', resolution: '4k' }));

    cleanup(); // the reload (or the way back from a purchase): the page is gone, the storage stays
    await open();
    await waitFor(() =>
      expect((screen.getByTestId('prompt-input') as HTMLTextAreaElement).value).toBe(PROMPT),
    );
    expect((screen.getByTestId('clip-length') as HTMLSelectElement).value).toBe('6');
    expect((screen.getByTestId('clip-4k') as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the draft after a refused submit', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    api().fail(videosContract.createVideo, 'internal_error', 'Erro interno. Tente novamente.');
    await open();
    await waitFor(() => expect(summary('summary-balance').textContent).not.toBe(''));
    await fillPrompt();
    await userEvent.click(submit());

    await screen.findByTestId('create-error');
    expect(savedDraft()).toMatchObject({ prompt: PROMPT });
  });

  it('lets a prefilled address win over a saved draft', async () => {
    window.localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        prompt: 'Rascunho antigo que não deve voltar aqui',
        quality: 'fast',
        aspectRatio: '16:9',
        seed: '',
        castIds: [],
        variations: 1,
        structured: null,
      }),
    );
    api().answer(creditsContract.getCredits, credits(40));
    await open(`/dashboard/create?prompt=${encodeURIComponent(PROMPT)}`);
    await waitFor(() => expect(savedDraft()).toMatchObject({ prompt: PROMPT }));
    expect((screen.getByTestId('prompt-input') as HTMLTextAreaElement).value).toBe(PROMPT);
    expect(screen.queryByTestId('draft-restored')).toBeNull();
  });

  it('names an oversized file of a multi-select and keeps the others', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    await open();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    const big = new Uint8Array(REFERENCE_IMAGE_MAX_BYTES + 1);
    big.set(png);
    const files = [
      new File([png], 'pequena.png', { type: 'image/png' }),
      new File([big], 'grande.png', { type: 'image/png' }),
    ];

    await userEvent.upload(screen.getByTestId('reference-images-input'), files);

    await waitFor(() =>
      expect(screen.getByTestId('reference-images-error').textContent).toBe(
        `grande.png: ${t('create.errors.imageTooLarge', { mb: referenceImageMaxMegabytes() })}`,
      ),
    );
    expect(screen.getAllByTestId('reference-images-item')).toHaveLength(1);
  });

  it('shows the structured prompt as a suggestion and, below it, exactly the text the video model will receive', async () => {
    api().answer(creditsContract.getCredits, credits(40));
    const suggested = {
      subject: 'Um farol na tempestade',
      action: 'ondas quebrando nas pedras',
      scene: 'a critério do modelo',
      camera: 'a critério do modelo',
      lighting: 'a critério do modelo',
      style: 'a critério do modelo',
      audio: 'a critério do modelo',
      negative: 'texto na tela',
    };
    api().answer(videosContract.previewPrompt, {
      structuredPrompt: suggested,
      builtBy: 'rules',
      note: PROMPT_PREVIEW_RULES_NOTE,
      remaining: 19,
    });
    const release = api().hold(videosContract.createVideo);
    await open();
    await fillPrompt();
    await userEvent.click(screen.getByTestId('structured-preview-open'));
    const note = await screen.findByTestId('structured-preview-note');
    expect(note.textContent).toContain('Sugestão — ');
    expect(screen.getByTestId('structured-preview').textContent).not.toContain('é exatamente isto');
    await userEvent.clear(screen.getByTestId('structured-field-camera'));
    await userEvent.type(screen.getByTestId('structured-field-camera'), 'câmera na mão');
    const edited = { ...suggested, camera: 'câmera na mão' };
    expect(screen.getByTestId('structured-preview-sent').textContent).toBe(
      videoModelPromptText(PROMPT, edited),
    );
    expect(screen.getByTestId('structured-preview-sent').textContent).toBe(
      `${PROMPT}\nSubject: Um farol na tempestade\nAction: ondas quebrando nas pedras\nCamera: câmera na mão\n\nDo not include: texto na tela`,
    );

    await userEvent.click(submit());
    await waitFor(() => expect(api().callsTo(videosContract.createVideo)).toHaveLength(1));
    const form = api().callsTo(videosContract.createVideo)[0]?.init.body as FormData;
    // The server composes the provider's text from these with the same function (submission.server.ts).
    expect(JSON.parse(String(form.get('structuredPrompt')))).toEqual(edited);
    expect(form.get('prompt')).toBe(PROMPT);
    const request = videoRequest({ id: 'req-structured', prompt: PROMPT, status: 'pending' });
    release({ request, group: [request] });
  });
});
