import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WITHDRAWAL_DAYS } from '#shared/billing';
import {
  INVITE_INVITEE_CREDITS,
  INVITE_INVITER_CREDITS,
  INVITE_REWARDS_PER_INVITER_PER_DAY,
  INVITE_REWARDS_PER_INVITER_TOTAL,
} from '#shared/catalogue';
import { invitesContract } from '#shared/invites.contract';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { InviteCard } from './invite-card';

const t = i18n.getFixedT('pt-BR', 'accounts');
const { api, renderPage } = pageTest();
const URL_ = 'http://cena.test/convite/abcdefghjk';

const invite = {
  name: 'Bia',
  state: 'pending',
  credits: 0,
  joinedAt: '2026-11-20T12:00:00.000Z',
  rewardAt: null,
  reason: null,
} as const;

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
        { ...invite, name: 'Bia', state: 'rewarded', credits: INVITE_INVITER_CREDITS },
        { ...invite, name: 'Caio', joinedAt: '2026-11-21T12:00:00.000Z' },
        { ...invite, name: null, state: 'reversed', joinedAt: '2026-11-22T12:00:00.000Z' },
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
          days: WITHDRAWAL_DAYS,
          perDay: INVITE_REWARDS_PER_INVITER_PER_DAY,
          total: INVITE_REWARDS_PER_INVITER_TOTAL,
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

  it('tells when a waiting reward comes and why an invite did not count (ADR 0046)', async () => {
    api().answer(invitesContract.getInvites, {
      code: 'abcdefghjk',
      url: URL_,
      invites: [
        { ...invite, name: 'Duda', state: 'waiting', rewardAt: '2026-11-27T15:00:00.000Z' },
        { ...invite, name: 'Edu', state: 'not_counted', reason: 'same_device' },
        { ...invite, name: 'Fabi', state: 'not_counted', reason: 'limit' },
      ],
    });
    await open();
    const list = await screen.findByRole('list', { name: t('profile.invites.listLabel') });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      `DudaEntrou em 20/11/2026${t('profile.invites.waiting', { date: '27/11/2026' })}${t('profile.invites.state.waiting')}`,
      `EduEntrou em 20/11/2026${t('profile.invites.reason.same_device')}${t('profile.invites.state.not_counted')}`,
      `FabiEntrou em 20/11/2026${t('profile.invites.reason.limit', { total: INVITE_REWARDS_PER_INVITER_TOTAL })}${t('profile.invites.state.not_counted')}`,
    ]);
    expect(t('profile.invites.waiting', { date: '27/11/2026' })).toBe(
      'Comprou: os créditos chegam em 27/11/2026, quando termina o prazo para desistir da compra.',
    );
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
