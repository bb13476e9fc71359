import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountsContract } from '#shared/accounts.contract';
import { downloadFileName } from '#shared/download-name';
import { shareContract } from '#shared/share.contract';
import { me, videoRequest } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { ShareActions } from './share-actions';

const t = i18n.getFixedT('pt-BR', 'videoDetail');
const { api, renderPage } = pageTest();
const LINK = 'http://cena.test/v/AAAAAAAAAAAAAAAAAAAAAA';
const completed = videoRequest({ status: 'completed', videoUrl: '/media/u/r/video.mp4?signature=x' });

const open = (request = completed) => {
  api().answer(accountsContract.getMe, me);
  return renderPage(<ShareActions request={request} />, {
    route: '/x',
    url: '/x',
    namespaces: ['videoDetail'],
  });
};

/** A touch screen whose browser has the Web Share API; `files` says whether it shares files. */
function onPhone(files: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }));
  const share = vi.fn(async (_data: ShareData) => undefined);
  Object.assign(navigator, { share, canShare: (data: ShareData) => files && Boolean(data.files?.length) });
  return share;
}

describe('ShareActions', () => {
  it('copies the link on a computer, then revokes it', async () => {
    api().answer(shareContract.shareVideo, { url: LINK });
    api().answer(shareContract.revokeShare, { revoked: true });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await open();
    expect(screen.queryByRole('button', { name: t('share.revoke') })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: t('share.share') }));
    expect(await screen.findByText(t('share.copied'))).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(api().callsTo(shareContract.shareVideo)[0]?.url.pathname).toBe(
      `/api/videos/${completed.id}/share`,
    );

    await userEvent.click(screen.getByRole('button', { name: t('share.revoke') }));
    expect(await screen.findByText(t('share.revoked'))).toBeTruthy();
    expect(api().callsTo(shareContract.revokeShare)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: t('share.revoke') })).toBeNull();
  });

  it('shares the video file itself on a phone whose browser can share files', async () => {
    api().answer(shareContract.shareVideo, { url: LINK });
    const share = onPhone(true);
    await open();
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/media/') ? new Response(new Blob(['mp4'])) : fakeFetch(input, init),
    );
    await userEvent.click(screen.getByRole('button', { name: t('share.share') }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const data = share.mock.calls[0]?.[0];
    expect(data?.files?.[0]?.type).toBe('video/mp4');
    expect(data?.files?.[0]?.name).toBe(
      downloadFileName(completed.prompt, new Date(completed.createdAt), me.profile.timezone),
    );
    expect(data?.text).toBe(LINK);
  });

  it('shares the link on a phone whose browser cannot share files', async () => {
    api().answer(shareContract.shareVideo, { url: LINK });
    const share = onPhone(false);
    await open();
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/media/') ? new Response(new Blob(['mp4'])) : fakeFetch(input, init),
    );
    await userEvent.click(screen.getByRole('button', { name: t('share.share') }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ url: LINK, title: t('share.title') }));
  });

  it('says so when the link cannot be made', async () => {
    api().fail(shareContract.shareVideo, 'not_completed', 'Só um vídeo concluído pode ser compartilhado.');
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await open();
    await userEvent.click(screen.getByRole('button', { name: t('share.share') }));
    expect(await screen.findByText(t('share.shareError'))).toBeTruthy();
  });

  it('renders nothing while the video is not completed', async () => {
    await open(videoRequest({ status: 'processing' }));
    expect(screen.queryByTestId('share-actions')).toBeNull();
  });
});
