import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountsContract } from '#shared/accounts.contract';
import { creditsContract } from '#shared/credits.contract';
import { formatBRL } from '#shared/format';
import { type Story, type StoryShot, shotCredits, storyPrice, type UpdateStoryInput } from '#shared/stories';
import { storiesContract } from '#shared/stories.contract';
import { credits, me, videoRequest } from '#tests/support/web-fixtures';
import { pageTest } from '#tests/support/web-page';
import { PLAN_SAVE_DELAY_MS } from '../hooks/use-plan-editor';
import StoryPage from './story-page';

const { api, renderPage, queryClient } = pageTest();

const SHOT_IDS = [
  '6f1c2a52-3d4e-4f5a-8b6c-7d8e9f0a1b2c',
  '7a2d3b63-4e5f-4a6b-9c7d-8e9f0a1b2c3d',
  '8b3e4c74-5f6a-4b7c-8d8e-9f0a1b2c3d4e',
];

function shot(index: number, overrides: Partial<StoryShot> = {}): StoryShot {
  return {
    id: SHOT_IDS[index] ?? `shot-${index}`,
    position: index,
    prompt:
      ['Dona Rosa abre a padaria às 5 da manhã', 'O pão sai do forno', 'Clientes fazem fila'][index] ?? '',
    camera: 'plano médio',
    setting: 'padaria de bairro',
    seconds: 8,
    castIds: [],
    dialogue: index === 1 ? { speaker: 'Dona Rosa', line: 'Hoje o pão saiu perfeito' } : null,
    join: 'cut',
    keep: true,
    takeIds: [],
    takeId: null,
    request: null,
    ...overrides,
  };
}

function story(shots: StoryShot[] = [shot(0), shot(1), shot(2)]): Story {
  return {
    id: 'story-1',
    title: 'Padaria da Dona Rosa',
    idea: 'Uma padaria de bairro acordando às 5 da manhã.',
    aspectRatio: '9:16',
    targetSeconds: 24,
    tone: null,
    castIds: [],
    plannedBy: 'rules',
    status: 'plan',
    shots,
    totalSeconds: shots.reduce((sum, s) => sum + s.seconds, 0),
    price: storyPrice(shots),
    model: { clipSecondsChoices: [4, 6, 8, 10], referencesPerShot: 3, speaks: true },
    film: null,
    createdAt: '2026-11-29T08:00:00.000Z',
    updatedAt: '2026-11-29T08:00:00.000Z',
  };
}

async function open(answer: Story = story()) {
  api().answer(storiesContract.getStory, { story: answer });
  await renderPage(<StoryPage />, {
    route: '/dashboard/stories/:id',
    url: '/dashboard/stories/story-1',
    namespaces: ['stories', 'videos', 'credits', 'billing', 'cast', 'videoDetail'],
  });
  await screen.findByTestId('story-board');
}

/** The PATCH bodies the board sent, in order. */
const patches = () =>
  api()
    .callsTo(storiesContract.updateStory)
    .map((call) => JSON.parse(String(call.init.body)) as UpdateStoryInput);

const priceCredits = (mode: string) =>
  Number(
    within(screen.getByTestId(`story-price-${mode}`))
      .getByText(/crédito/)
      .getAttribute('data-credits'),
  );

/**
 * The server's answer to a PATCH: the plan as sent over the story shown (its takes kept), re-priced — what the real
 * server stores and answers.
 */
function answerPatches(base: Story = story()) {
  api().answer(storiesContract.updateStory, () => {
    const body = patches().at(-1) ?? {};
    const shots = (body.shots ?? []).map((sent, index) => {
      const { takeId: _picked, ...fields } = sent;
      const stored =
        base.shots.find((candidate) => candidate.id === sent.id) ?? shot(index, { request: null });
      return {
        ...stored,
        ...fields,
        id: sent.id ?? `00000000-0000-4000-8000-00000000000${index}`,
        position: index,
      };
    });
    return { story: { ...base, shots, price: storyPrice(shots) } };
  });
}

describe('Story board: the plan editor', () => {
  it('re-prices every mode at once when a shot’s length changes, before the save answers', async () => {
    await open();
    expect(priceCredits('draft')).toBe(3 * shotCredits('draft', 8));
    const release = api().hold(storiesContract.updateStory);

    const [, second] = screen.getAllByTestId('shot-seconds');
    fireEvent.change(second as HTMLSelectElement, { target: { value: '4' } });

    const expected = storyPrice([{ seconds: 8 }, { seconds: 4 }, { seconds: 8 }]);
    for (const mode of ['draft', 'fast', 'quality', '4k'] as const) {
      expect(priceCredits(mode)).toBe(expected[mode].credits);
    }
    expect(screen.getByTestId('story-price-quality').textContent).toContain(
      formatBRL(expected.quality.priceCents),
    );
    expect(screen.getByTestId('story-meta').textContent).toContain('20 s');
    expect(api().callsTo(storiesContract.updateStory)).toHaveLength(0);

    await waitFor(() => expect(api().callsTo(storiesContract.updateStory)).toHaveLength(1));
    expect(patches()[0]?.shots?.map((s) => s.seconds)).toEqual([8, 4, 8]);
    release({ story: story([shot(0), shot(1, { seconds: 4 }), shot(2)]) });
    await waitFor(() => expect(screen.getByTestId('story-save-status').dataset.state).toBe('saved'));
  });

  it('moves a shot with its buttons from the keyboard, announces it, keeps the focus and saves the order', async () => {
    await open();
    answerPatches();
    const down = screen.getByRole('button', { name: 'Descer cena 1' });
    down.focus();
    await userEvent.keyboard('{Enter}');

    const order = () => screen.getAllByTestId('story-shot').map((item) => item.dataset.shotId);
    expect(order()).toEqual([SHOT_IDS[1], SHOT_IDS[0], SHOT_IDS[2]]);
    expect(screen.getByTestId('story-announcement').textContent).toBe('Cena movida para a posição 2 de 3.');
    // The focus followed the moved shot to its own 'Descer' button, so Enter again moves it on.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Descer cena 2' }));
    await userEvent.keyboard('{Enter}');
    expect(order()).toEqual([SHOT_IDS[1], SHOT_IDS[2], SHOT_IDS[0]]);
    // The first shot opens with a cut: there is nothing before it to continue.
    expect(screen.getAllByTestId('story-shot')[0]?.querySelector('input[value="continue"]')).toBeNull();

    // Saved as edited: the last save is the order on screen (a slow machine may save between the two moves).
    await waitFor(() =>
      expect(
        patches()
          .at(-1)
          ?.shots?.map((s) => s.id),
      ).toEqual([SHOT_IDS[1], SHOT_IDS[2], SHOT_IDS[0]]),
    );
  });

  it('saves an edited line once typing stops, and the edit still pending when the page goes away', async () => {
    await open();
    answerPatches();
    const [, second] = screen.getAllByTestId('shot-line');
    // Replaced in one input event, as a paste or a phone's dictation does: one change, one save.
    await userEvent.click(second as HTMLInputElement);
    (second as HTMLInputElement).select();
    await userEvent.paste('Bom dia, bairro!');
    await waitFor(() => expect(patches()).toHaveLength(1), { timeout: PLAN_SAVE_DELAY_MS * 4 });
    expect(patches()[0]?.shots?.[1]?.dialogue).toEqual({ speaker: 'Dona Rosa', line: 'Bom dia, bairro!' });
    await waitFor(() => expect(screen.getByTestId('story-save-status').dataset.state).toBe('saved'));

    // A reload right after typing: the page sends the last edit with keepalive instead of losing it.
    const [first] = screen.getAllByTestId('shot-prompt');
    await userEvent.click(first as HTMLTextAreaElement);
    await userEvent.paste(' com neblina');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const calls = api().callsTo(storiesContract.updateStory);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.init.keepalive).toBe(true);
    expect(patches()[1]?.shots?.[0]?.prompt).toBe('Dona Rosa abre a padaria às 5 da manhã com neblina');
  });

  it('does not save a line without its speaker, and says what is missing', async () => {
    await open();
    const [, second] = screen.getAllByTestId('shot-speaker');
    await userEvent.clear(second as HTMLInputElement);
    await waitFor(() => expect(screen.getByTestId('story-save-status').dataset.state).toBe('invalid'), {
      timeout: PLAN_SAVE_DELAY_MS * 4,
    });
    expect(screen.getByText('Diga quem fala.')).toBeTruthy();
    expect(screen.getByTestId('story-draft-open').hasAttribute('disabled')).toBe(true);
    expect(api().callsTo(storiesContract.updateStory)).toHaveLength(0);
  });
});

describe('Story board: the charge’s question before drafting', () => {
  it('shows the cost, the balance and the balance after, and drafts only on confirm with one client key', async () => {
    await open();
    api().answer(creditsContract.getCredits, credits(100));
    const cost = 3 * shotCredits('draft', 8);
    api().answer(storiesContract.draftStory, {
      story: story(),
      requestIds: ['a', 'b', 'c'],
    });

    await userEvent.click(screen.getByTestId('story-draft-open'));
    await waitFor(() => expect(screen.getByTestId('story-draft-balance').dataset.value).toBe('100'));
    expect(screen.getByTestId('story-draft-cost').dataset.value).toBe(String(cost));
    expect(screen.getByTestId('story-draft-after').dataset.value).toBe(String(100 - cost));
    expect(api().callsTo(storiesContract.draftStory)).toHaveLength(0);

    await userEvent.click(screen.getByTestId('story-draft-confirm'));
    await waitFor(() => expect(api().callsTo(storiesContract.draftStory)).toHaveLength(1));
    const body = JSON.parse(String(api().callsTo(storiesContract.draftStory)[0]?.init.body));
    expect(body.clientKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByTestId('story-draft-dialog')).toBeNull());
  });

  it('with a short balance names the shortfall, keeps the confirm disabled and opens the buy sheet in place', async () => {
    await open();
    api().answer(creditsContract.getCredits, credits(5));
    await userEvent.click(screen.getByTestId('story-draft-open'));
    await waitFor(() => expect(screen.getByTestId('story-draft-charge').dataset.short).toBe('true'));
    expect(screen.getByTestId('story-draft-confirm').hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByTestId('story-draft-buy'));
    expect(await screen.findByTestId('buy-credits-sheet')).toBeTruthy();
    expect(api().callsTo(storiesContract.draftStory)).toHaveLength(0);
  });
});

describe('Story board: finishing the reviewed story', () => {
  const drafted = (index: number, keep = true) =>
    shot(index, {
      keep,
      takeIds: [`take-${index}`],
      takeId: `take-${index}`,
      request: videoRequest({
        id: `take-${index}`,
        status: 'completed',
        quality: 'draft',
        aspectRatio: '9:16',
        videoUrl: `https://media.test/take-${index}.mp4`,
      }),
    });

  it('keeps playing the shot on screen when a refetch signs every clip again', async () => {
    const signed = (signature: string): Story => {
      const shots = [drafted(0), drafted(1)].map((drafted) => ({
        ...drafted,
        request: drafted.request && {
          ...drafted.request,
          videoUrl: `${drafted.request.videoUrl}?signature=${signature}`,
        },
      }));
      return { ...story(shots), status: 'review' };
    };
    await open(signed('x'));
    const player = screen.getByTestId('story-player-video');
    await waitFor(() => expect(player.getAttribute('src')).toBe('https://media.test/take-0.mp4?signature=x'));
    // A draft that comes in (or the window's focus) reads the story again: the same files, signed later.
    api().answer(storiesContract.getStory, { story: signed('y') });
    await queryClient().refetchQueries();
    await waitFor(() => expect(api().callsTo(storiesContract.getStory)).toHaveLength(2));
    expect(screen.getByTestId('story-player-video')).toBe(player);
    expect(player.getAttribute('src')).toBe('https://media.test/take-0.mp4?signature=x');

    // Once the URL playing has expired (the player cannot load it), the story is read again for a fresh one.
    api().answer(storiesContract.getStory, { story: signed('z') });
    fireEvent.error(player);
    await waitFor(() => expect(player.getAttribute('src')).toBe('https://media.test/take-0.mp4?signature=z'));
    expect(api().callsTo(storiesContract.getStory)).toHaveLength(3);
  });

  it('reads a finished story again for a fresh link when its film’s has expired, once', async () => {
    const finished = (signature: string): Story => ({
      ...story([drafted(0)]),
      status: 'finished',
      film: videoRequest({
        id: 'film-1',
        kind: 'film',
        status: 'completed',
        aspectRatio: '9:16',
        videoUrl: `https://media.test/film.mp4?signature=${signature}`,
      }),
    });
    api().answer(accountsContract.getMe, me);
    await open(finished('x'));
    const film = await screen.findByTestId('story-film-video');
    expect(film.getAttribute('src')).toBe('https://media.test/film.mp4?signature=x');
    // A finished story is not polled: the player's failure is what asks for a fresh link.
    api().answer(storiesContract.getStory, { story: finished('y') });
    fireEvent.error(film);
    await waitFor(() => expect(film.getAttribute('src')).toBe('https://media.test/film.mp4?signature=y'));
    // A file that fails again (not an expiry) does not send the page round in a loop.
    fireEvent.error(film);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api().callsTo(storiesContract.getStory)).toHaveLength(2);
  });

  it('prices only the kept shots, asks the charge’s question and finishes in 4K as Quality’s master', async () => {
    const reviewed: Story = { ...story([drafted(0), drafted(1), drafted(2)]), status: 'review' };
    await open(reviewed);
    answerPatches(reviewed);
    api().answer(creditsContract.getCredits, credits(1000));
    api().answer(storiesContract.finishStory, { request: videoRequest({ id: 'film-1', kind: 'film' }) });

    // Leaving the third shot out of the final cut re-prices the finish at once.
    const [, , third] = screen.getAllByTestId('shot-keep');
    await userEvent.click(third as HTMLInputElement);
    const kept = storyPrice([{ seconds: 8 }, { seconds: 8 }, { seconds: 8, keep: false }]);
    expect(priceCredits('4k')).toBe(kept['4k'].credits);

    await userEvent.click(screen.getByTestId('story-finish-open'));
    expect(screen.getByTestId('story-finish-4k').dataset.cost).toBe(String(kept['4k'].credits));
    await userEvent.click(screen.getByTestId('story-finish-4k'));
    await waitFor(() =>
      expect(screen.getByTestId('story-finish-after').dataset.value).toBe(String(1000 - kept['4k'].credits)),
    );
    expect(api().callsTo(storiesContract.finishStory)).toHaveLength(0);

    await userEvent.click(screen.getByTestId('story-finish-confirm'));
    await waitFor(() => expect(api().callsTo(storiesContract.finishStory)).toHaveLength(1));
    // The plan was saved first (the finish is made of the stored plan), then one call with its own key.
    expect(
      patches()
        .at(-1)
        ?.shots?.map((s) => s.keep),
    ).toEqual([true, true, false]);
    const body = JSON.parse(String(api().callsTo(storiesContract.finishStory)[0]?.init.body));
    expect(body).toMatchObject({ quality: 'quality', master: '4k', burnCaptions: false });
    expect(body.clientKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});
