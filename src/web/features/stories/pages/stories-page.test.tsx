import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { castContract } from '#shared/cast.contract';
import { STORY_IDEA_MAX_LENGTH, STORY_MESSAGES, type Story, storyPrice } from '#shared/stories';
import { storiesContract } from '#shared/stories.contract';
import { pageTest } from '#tests/support/web-page';
import StoriesPage from './stories-page';

const { api, renderPage } = pageTest();
const IDEA = 'Uma padaria de bairro acordando às 5 da manhã. Dona Rosa diz "Hoje o pão saiu perfeito".';

const planned: Story = {
  id: 'story-9',
  title: 'Padaria',
  idea: IDEA,
  aspectRatio: '9:16',
  targetSeconds: 30,
  tone: null,
  castIds: [],
  plannedBy: 'rules',
  status: 'plan',
  shots: [],
  totalSeconds: 0,
  price: storyPrice([]),
  model: { clipSecondsChoices: [4, 6, 8, 10], referencesPerShot: 3, speaks: true },
  film: null,
  createdAt: '2026-11-29T08:00:00.000Z',
  updatedAt: '2026-11-29T08:00:00.000Z',
};

async function open() {
  api().answer(storiesContract.listStories, { items: [] });
  api().answer(castContract.listCast, { items: [] });
  await renderPage(<StoriesPage />, {
    route: '/dashboard/stories',
    url: '/dashboard/stories',
    namespaces: ['stories', 'videos', 'credits', 'billing', 'cast', 'videoDetail'],
  });
  await screen.findByTestId('stories-empty');
}

describe('New story (the idea)', () => {
  it('counts the idea against the shared limit and refuses a short one with the shared message, sending nothing', async () => {
    await open();
    expect(screen.getByTestId('story-idea').getAttribute('maxlength')).toBe(String(STORY_IDEA_MAX_LENGTH));
    await userEvent.type(screen.getByTestId('story-idea'), 'Pão');
    expect(screen.getByText(`3/${STORY_IDEA_MAX_LENGTH}`)).toBeTruthy();
    await userEvent.click(screen.getByTestId('story-plan'));
    expect(screen.getByTestId('story-idea-error').textContent).toBe(STORY_MESSAGES.ideaShort);
    expect(api().callsTo(storiesContract.createStory)).toHaveLength(0);
  });

  it('sends the idea with 9:16 and 30 s by default, says the plan is being written, then opens its board', async () => {
    await open();
    const release = api().hold(storiesContract.createStory);
    await userEvent.click(screen.getByTestId('story-idea'));
    await userEvent.paste(IDEA);
    await userEvent.click(screen.getByTestId('story-plan'));

    await waitFor(() => expect(screen.getByTestId('story-plan').textContent).toBe('Escrevendo o roteiro…'));
    expect(screen.getByTestId('story-plan').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('story-idea').hasAttribute('disabled')).toBe(true);
    const body = JSON.parse(String(api().callsTo(storiesContract.createStory)[0]?.init.body));
    expect(body).toEqual({ idea: IDEA, aspectRatio: '9:16', targetSeconds: 30, castIds: [] });

    release({ story: planned });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/stories/story-9'),
    );
  });
});
