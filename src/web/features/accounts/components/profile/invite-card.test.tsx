import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INVITE_INVITEE_CREDITS, INVITE_INVITER_CREDITS } from '#shared/catalogue';
import { invitesContract } from '#shared/invites.contract';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { InviteCard } from './invite-card';

const t = i18n.getFixedT('pt-BR', 'accounts');
const { api, renderPage } = pageTest();
const URL_ = 'http://cena.test/convite/abcdefghjk';

const open = () =>
  renderPage(<InviteCard timeZone="America/Sao_Paulo" />, {
    route: '/x',
    url: '/x',
    namespaces: ['accounts'],
  });

describe('InviteCard', () => {
  it('shows the link with the catalogue’s rewards, copies it, and lists each invite with its state', async () => {
    api().answer(invitesContract.getInvites, {
      code: 'abcdefghjk',
      url: URL_,
      invites: [
        {
          name: 'Bia',
          state: 'rewarded',
          credits: INVITE_INVITER_CREDITS,
          joinedAt: '2026-11-20T12:00:00.000Z',
        },
        { name: 'Caio', state: 'pending', credits: 0, joinedAt: '2026-11-21T12:00:00.000Z' },
        { name: null, state: 'reversed', credits: 0, joinedAt: '2026-11-22T12:00:00.000Z' },
      ],
    });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await open();
    expect(await screen.findByText(URL_)).toBeTruthy();
    expect(
      screen.getByText(
        t('profile.invites.description', {
          inviter: INVITE_INVITER_CREDITS,
          invitee: INVITE_INVITEE_CREDITS,
        }),
      ),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: t('profile.invites.listLabel') });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      `BiaEntrou em 20/11/2026+${INVITE_INVITER_CREDITS} créditos`,
      `CaioEntrou em 21/11/2026${t('profile.invites.state.pending')}`,
      `${t('profile.invites.deleted')}Entrou em 22/11/2026${t('profile.invites.state.reversed')}`,
    ]);
    await userEvent.click(screen.getByRole('button', { name: t('profile.invites.copy') }));
    expect(writeText).toHaveBeenCalledWith(URL_);
    expect(await screen.findByText(t('profile.invites.copied'))).toBeTruthy();
  });

  it('says when nobody joined yet', async () => {
    api().answer(invitesContract.getInvites, { code: 'abcdefghjk', url: URL_, invites: [] });
    await open();
    expect(await screen.findByText(t('profile.invites.empty'))).toBeTruthy();
  });

  it('offers a retry when the invites cannot be loaded', async () => {
    api().fail(invitesContract.getInvites, 'internal_error', 'Erro interno.');
    await open();
    expect(await screen.findByText(t('profile.invites.loadError'))).toBeTruthy();
    expect(screen.getByRole('button', { name: t('profile.invites.retry') })).toBeTruthy();
  });
});
