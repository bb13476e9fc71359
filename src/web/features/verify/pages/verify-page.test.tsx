import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TRAINED_ALGORITHMIC_MEDIA, VERIFY_MESSAGES, type VerifyResult } from '#shared/provenance';
import { provenanceContract } from '#shared/provenance.contract';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import VerifyPage from './verify-page';

const t = i18n.getFixedT('pt-BR', 'verify');
const { api, renderPage } = pageTest();
const open = (url = '/verificar') =>
  renderPage(<VerifyPage />, { route: '/verificar', url, namespaces: ['verify'] });

const CENA_MADE: VerifyResult = {
  credentials: 'valid',
  madeByCena: true,
  signer: 'Cena — Cena signer',
  signedAt: '2026-11-29T12:30:00.000Z',
  signedAtSource: 'signer_clock',
  generator: 'Cena 0.1.0',
  model: 'veo-3.1-fast-generate-preview',
  aiGenerated: true,
  actions: [
    { action: 'c2pa.created', edit: null, description: null, digitalSourceType: TRAINED_ALGORITHMIC_MEDIA },
    {
      action: 'c2pa.edited',
      edit: 'captioned',
      description: 'Captions burned into the picture',
      digitalSourceType: null,
    },
  ],
  failures: [],
};

describe('/verificar', () => {
  it('checks a chosen MP4 and says, in pt-BR, that it is valid, Cena-made, by which model and what was done', async () => {
    api().answer(provenanceContract.verifyVideo, CENA_MADE);
    await open();
    expect(screen.getByRole('heading', { level: 1, name: t('title') })).toBeTruthy();
    const submit = screen.getByRole('button', { name: t('submit') });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    const user = userEvent.setup();
    const video = new File([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112])], 'meu-video.mp4', {
      type: 'video/mp4',
    });
    await user.upload(screen.getByLabelText(t('fileLabel')), video);
    await user.click(submit);

    const answer = await screen.findByTestId('verify-answer');
    expect(within(answer).getByRole('heading', { level: 2, name: t('status.valid') })).toBeTruthy();
    expect(answer.textContent).toContain(t('explain.validCena'));
    expect(answer.textContent).toContain('Gerado com IA');
    expect(answer.textContent).toContain('veo-3.1-fast-generate-preview');
    // When, in Brasília (12:30 UTC is 09:30 there), and that only the signer's clock says so.
    expect(within(answer).getByTestId('verify-signed-at').textContent).toBe('29/11/2026 09:30');
    expect(within(answer).getByTestId('verify-time-source').textContent).toBe(
      'Horário de Brasília, pelo relógio de quem assinou: não há carimbo de tempo de uma autoridade que o comprove.',
    );
    expect(
      within(answer)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Criado por um modelo de IA', 'Legendas gravadas na imagem']);
    const [call] = api().callsTo(provenanceContract.verifyVideo);
    const sent = (call as NonNullable<typeof call>).init.body as FormData;
    expect((sent.get('file') as File).name).toBe('meu-video.mp4');
  });

  it('says a time from a time-stamp authority is attested by one', async () => {
    api().answer(provenanceContract.verifyVideo, {
      ...CENA_MADE,
      madeByCena: false,
      signedAt: '2026-03-01T02:05:00.000Z',
      signedAtSource: 'timestamp',
    });
    await open(`/verificar?link=${encodeURIComponent('https://cena.test/v/abc123')}`);
    await userEvent.setup().click(screen.getByRole('button', { name: t('submit') }));
    const answer = await screen.findByTestId('verify-answer');
    expect(within(answer).getByTestId('verify-signed-at').textContent).toBe('28/02/2026 23:05');
    expect(within(answer).getByTestId('verify-time-source').textContent).toBe(t('timeSource.timestamp'));
  });

  it('takes the share page’s link from ?link= and says when the credentials do not match', async () => {
    api().answer(provenanceContract.verifyVideo, {
      ...CENA_MADE,
      credentials: 'invalid',
      madeByCena: false,
      failures: ['assertion.bmffHash.mismatch'],
    });
    await open(`/verificar?link=${encodeURIComponent('https://cena.test/v/abc123')}`);
    expect((screen.getByLabelText(t('linkLabel')) as HTMLInputElement).value).toBe(
      'https://cena.test/v/abc123',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: t('submit') }));

    const answer = await screen.findByTestId('verify-answer');
    expect(within(answer).getByRole('heading', { name: t('status.invalid') })).toBeTruthy();
    expect(answer.textContent).toContain(t('explain.invalid'));
    expect(answer.textContent).toContain('assertion.bmffHash.mismatch');
    const [call] = api().callsTo(provenanceContract.verifyVideo);
    expect(((call as NonNullable<typeof call>).init.body as FormData).get('link')).toBe(
      'https://cena.test/v/abc123',
    );
  });

  it('says a file carries no credentials, and shows the server’s pt-BR refusal of a wrong type', async () => {
    api().answer(provenanceContract.verifyVideo, {
      ...CENA_MADE,
      credentials: 'none',
      madeByCena: false,
      aiGenerated: false,
      actions: [],
      signer: null,
      signedAt: null,
      signedAtSource: null,
      generator: null,
      model: null,
    });
    await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(t('linkLabel')), 'https://cena.test/v/x');
    await user.click(screen.getByRole('button', { name: t('submit') }));
    const answer = await screen.findByTestId('verify-answer');
    expect(answer.textContent).toContain(t('status.none'));
    expect(answer.textContent).toContain(t('explain.none'));
    expect(answer.textContent).not.toContain('Gerado com IA');

    api().fail(provenanceContract.verifyVideo, 'unsupported_media_type', VERIFY_MESSAGES.notMp4);
    await user.click(screen.getByRole('button', { name: t('submit') }));
    expect((await screen.findByRole('alert')).textContent).toBe(VERIFY_MESSAGES.notMp4);
  });
});
