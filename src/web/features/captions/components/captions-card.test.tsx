import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CaptionsView } from '#shared/captions';
import { captionsContract } from '#shared/captions.contract';
import { videoRequest } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { CaptionsCard } from './captions-card';

const t = i18n.getFixedT('pt-BR', 'captions');
const { api, renderPage } = pageTest();
const completed = videoRequest({ status: 'completed', videoUrl: '/media/u/r/video.mp4?signature=x' });

const READY: CaptionsView = {
  status: 'ready',
  cues: [
    { start: 0, end: 1.5, text: 'Olá, pessoal!' },
    { start: 1.5, end: 3, text: 'Bem-vindos à Cena' },
  ],
  transcribedBy: 'gemini-3.8-flash',
  revision: 0,
  burn: 'ready',
  burnedVideoUrl: '/media/u/r/legendado.mp4?signature=y',
  vttUrl: `/api/videos/${completed.id}/captions.vtt`,
  message: null,
};

const open = (request = completed) =>
  renderPage(<CaptionsCard request={request} />, { route: '/x', url: '/x', namespaces: ['captions'] });

describe('CaptionsCard', () => {
  it('starts the captions once, free, and shows the transcription while it runs', async () => {
    api().answer(captionsContract.getCaptions, { captions: null });
    api().answer(captionsContract.startCaptions, {
      captions: {
        ...READY,
        status: 'transcribing',
        cues: [],
        burn: null,
        burnedVideoUrl: null,
        vttUrl: null,
      },
    });
    await open();
    expect(await screen.findByText(t('intro'))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t('start') }));
    expect(await screen.findByText(t('transcribing'))).toBeTruthy();
    expect(api().callsTo(captionsContract.startCaptions)).toHaveLength(1);
  });

  it('says when the video has no speech, with nothing to edit', async () => {
    api().answer(captionsContract.getCaptions, {
      captions: {
        ...READY,
        status: 'no_speech',
        cues: [],
        burn: null,
        burnedVideoUrl: null,
        vttUrl: null,
        message: 'Este vídeo não tem fala.',
      },
    });
    await open();
    expect(await screen.findByText('Este vídeo não tem fala.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('plays the pt-BR track, offers both downloads, and saves a corrected cue from the keyboard', async () => {
    api().answer(captionsContract.getCaptions, { captions: READY });
    api().answer(captionsContract.editCaptions, {
      captions: { ...READY, revision: 1, burn: 'rendering', burnedVideoUrl: null },
    });
    await open();
    const first = await screen.findByRole('textbox', {
      name: t('cueLabel', { number: 1, start: '0,0 s', end: '1,5 s' }),
    });
    const track = screen.getByTestId('captions-preview').querySelector('track');
    expect(track?.getAttribute('kind')).toBe('captions');
    expect(track?.getAttribute('srclang')).toBe('pt-BR');
    expect(track?.getAttribute('src')).toBe(`${READY.vttUrl}?r=0`);
    expect(screen.getByRole('link', { name: t('downloadVtt') }).getAttribute('href')).toBe(
      `${READY.vttUrl}?download=1`,
    );
    expect(screen.getByRole('link', { name: t('downloadVideo') }).getAttribute('href')).toBe(
      READY.burnedVideoUrl,
    );
    const save = screen.getByRole('button', { name: t('save') });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(first);
    await userEvent.keyboard('{Control>}a{/Control}Oi, gente!');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getAllByRole('textbox')[1]);
    await userEvent.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(api().callsTo(captionsContract.editCaptions)).toHaveLength(1));
    const call = api().callsTo(captionsContract.editCaptions)[0];
    expect(JSON.parse(String(call?.init.body))).toEqual({
      revision: 0,
      texts: ['Oi, gente!', 'Bem-vindos à Cena'],
    });
    expect(await screen.findByText(t('saved'))).toBeTruthy();
    expect(within(screen.getByTestId('captions-card')).getByText(t('rendering'))).toBeTruthy();
  });

  it('keeps playing the preview when the request is read again with its file signed later', async () => {
    api().answer(captionsContract.getCaptions, { captions: READY });
    const resigned = { ...completed, videoUrl: '/media/u/r/video.mp4?signature=z' };
    // The request page reads the request again (a live event, the window's focus) and passes the new answer down.
    function Reread() {
      const [request, setRequest] = useState(completed);
      return (
        <>
          <button type="button" onClick={() => setRequest(resigned)}>
            reread
          </button>
          <CaptionsCard request={request} />
        </>
      );
    }
    await renderPage(<Reread />, { route: '/x', url: '/x', namespaces: ['captions'] });
    const preview = await screen.findByTestId('captions-preview');
    await userEvent.click(screen.getByRole('button', { name: 'reread' }));
    expect(screen.getByTestId('captions-preview')).toBe(preview);
    expect(preview.getAttribute('src')).toBe(completed.videoUrl);
  });

  it('shows nothing for a video that is not completed', async () => {
    await open(videoRequest({ status: 'processing' }));
    expect(screen.queryByTestId('captions-card')).toBeNull();
  });
});
