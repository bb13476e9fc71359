import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReportQueue } from '#shared/reports';
import { reportsContract } from '#shared/reports.contract';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { ReportsPanel } from './reports-panel';

const t = i18n.getFixedT('pt-BR', 'admin');
const { api, renderPage } = pageTest();
const open = () =>
  renderPage(<ReportsPanel />, { route: '/admin-x7k9m2', url: '/admin-x7k9m2', namespaces: ['admin'] });

const REPORT_ID = '0b9c7a52-1d5e-4c8e-9a51-6f2d3c4b5a01';
const REQUEST_ID = '7e1f0c3a-2b4d-4e6f-8a9b-0c1d2e3f4a5b';

const queue = (overrides: Partial<ReportQueue> = {}): ReportQueue => ({
  reports: [
    {
      id: REPORT_ID,
      reason: 'real_person_without_consent',
      details: 'É minha vizinha',
      // 15:05 UTC is 12:05 in São Paulo.
      createdAt: '2026-11-24T15:05:00.000Z',
      slug: 'abcdefghijklmnopqrstuv',
      video: {
        requestId: REQUEST_ID,
        prompt: 'Uma mulher dançando frevo em Olinda',
        aspectRatio: '9:16',
        videoUrl: '/media/u/videos/x/video.mp4?expires=1&signature=s',
        posterUrl: null,
      },
      openReportsOfVideo: 2,
    },
  ],
  contests: [],
  summary: { openReports: 2, decidedLast30Days: 4, medianMinutesToDecision: 42.5 },
  ...overrides,
});

describe('ReportsPanel', () => {
  it('shows the figures and each report with its reason, words, video and prompt', async () => {
    api().answer(reportsContract.getReportQueue, queue());
    await open();
    expect(await screen.findByTestId('reports-open')).toHaveProperty('textContent', '2');
    expect(screen.getByTestId('reports-median').textContent).toBe('42,5 min');
    const item = screen.getByTestId('report-item');
    expect(within(item).getByTestId('report-reason').textContent).toBe('Pessoa real sem consentimento');
    expect(within(item).getByText('24/11/2026 12:05')).toBeTruthy();
    expect(within(item).getByText('“É minha vizinha”')).toBeTruthy();
    expect(within(item).getByTestId('report-prompt').textContent).toContain(
      'Uma mulher dançando frevo em Olinda',
    );
    expect(within(item).getByLabelText(t('reports.player')).getAttribute('src')).toContain('/media/');
    expect(within(item).getByText('2 denúncias abertas deste vídeo')).toBeTruthy();
  });

  it('takes a video down only after the confirmation, sending the note', async () => {
    api().answer(reportsContract.getReportQueue, queue());
    api().answer(reportsContract.decideReport, {
      decision: 'take_down',
      reportsClosed: 2,
      ownerMailed: true,
    });
    await open();
    await userEvent.type(await screen.findByLabelText(t('reports.note')), 'Rosto de pessoa real.');
    await userEvent.click(screen.getByRole('button', { name: t('reports.takeDown') }));
    expect(api().callsTo(reportsContract.decideReport)).toHaveLength(0);
    api().answer(
      reportsContract.getReportQueue,
      queue({ reports: [], summary: { openReports: 0, decidedLast30Days: 5, medianMinutesToDecision: 40 } }),
    );
    await userEvent.click(await screen.findByTestId('report-take-down-confirm'));
    await waitFor(() => expect(api().callsTo(reportsContract.decideReport)).toHaveLength(1));
    const call = api().callsTo(reportsContract.decideReport)[0];
    expect(call?.url.pathname).toBe(`/api/admin/reports/${REPORT_ID}/decision`);
    expect(JSON.parse(String(call?.init.body))).toEqual({
      decision: 'take_down',
      note: 'Rosto de pessoa real.',
    });
    expect(await screen.findByText(t('reports.takenDown'))).toBeTruthy();
    expect(await screen.findByTestId('reports-empty')).toBeTruthy();
  });

  it('lists an owner’s contest with restore and uphold', async () => {
    api().answer(
      reportsContract.getReportQueue,
      queue({
        reports: [],
        contests: [
          {
            takedownId: REPORT_ID,
            requestId: REQUEST_ID,
            reason: 'copyright',
            takenDownAt: '2026-11-24T15:05:00.000Z',
            contestedAt: '2026-11-25T13:00:00.000Z',
            text: 'A música é minha.',
          },
        ],
      }),
    );
    api().answer(reportsContract.decideContest, { decision: 'restore' });
    await open();
    const contest = await screen.findByTestId('contest-item');
    expect(within(contest).getByText('Contestado em 25/11/2026 10:00')).toBeTruthy();
    await userEvent.click(within(contest).getByRole('button', { name: t('reports.restore') }));
    await waitFor(() => expect(api().callsTo(reportsContract.decideContest)).toHaveLength(1));
    expect(JSON.parse(String(api().callsTo(reportsContract.decideContest)[0]?.init.body))).toEqual({
      decision: 'restore',
    });
  });
});
