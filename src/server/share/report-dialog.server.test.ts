// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_MESSAGES } from '#shared/reports';
import { REPORT_SCRIPT } from './report-dialog-html.server';
import { sharePageHtml } from './share-page-html.server';

/**
 * The share page's "Denunciar" dialog as a visitor uses it (happy-dom): the page's own HTML and script, the network
 * a stub of `fetch` answering as `POST /api/share/{slug}/reports` does.
 */

const SLUG = 'abcdefghijklmnopqrstuv';

function openPage(answer: { status: number; body: unknown }) {
  window.history.replaceState(null, '', `/v/${SLUG}`);
  const html = sharePageHtml({
    pageUrl: `http://cena.test/v/${SLUG}`,
    prompt: 'Um barco no São Francisco',
    aspectRatio: '9:16',
    videoUrl: `/v/${SLUG}/video.mp4`,
    posterUrl: null,
    ogVideoUrl: `http://cena.test/v/${SLUG}/video.mp4`,
    ogImageUrl: null,
    videoSize: null,
    posterSize: null,
  });
  // The page's script is run below, as the browser would: its <script> tags are not fetched here.
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6).replace(/<script[^>]*><\/script>/g, '');
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status }));
  vi.stubGlobal('fetch', fetch);
  new Function(REPORT_SCRIPT)();
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  return {
    fetch,
    open: byId<HTMLButtonElement>('cena-report-open'),
    dialog: byId<HTMLDialogElement>('cena-report'),
    form: byId<HTMLFormElement>('cena-report-form'),
    status: byId('cena-report-status'),
    cancel: byId<HTMLButtonElement>('cena-report-cancel'),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const submit = async (form: HTMLFormElement) => {
  form.requestSubmit();
  await settle();
  await settle();
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the share page’s report dialog', () => {
  it('opens from "Denunciar", asks for a reason first, then sends it and thanks the visitor', async () => {
    const page = openPage({ status: 202, body: { received: true } });
    expect(page.open.textContent).toBe('Denunciar');
    expect(page.open.getAttribute('aria-haspopup')).toBe('dialog');
    page.open.click();
    expect(page.dialog.open).toBe(true);
    expect(page.dialog.getAttribute('aria-labelledby')).toBe('cena-report-title');
    const labels = [...page.dialog.querySelectorAll('label.reason')].map((label) =>
      label.textContent?.trim(),
    );
    expect(labels).toEqual([
      'Pessoa real sem consentimento',
      'Conteúdo sexual',
      'Menor de idade',
      'Violência ou ódio',
      'Direitos autorais',
      'Conteúdo eleitoral',
      'Outro',
    ]);

    await submit(page.form);
    expect(page.status.textContent).toBe('Escolha um motivo.');
    expect(page.fetch).not.toHaveBeenCalled();

    page.form.querySelector<HTMLInputElement>('input[value="real_person_without_consent"]')?.click();
    (page.form.querySelector('textarea') as HTMLTextAreaElement).value = '  Sou eu no vídeo ';
    await submit(page.form);
    expect(page.fetch).toHaveBeenCalledWith(`/api/share/${SLUG}/reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'real_person_without_consent', details: 'Sou eu no vídeo' }),
    });
    expect(page.status.getAttribute('role')).toBe('status');
    expect(page.status.textContent).toContain('Obrigado. Sua denúncia foi enviada');
    expect(page.cancel.textContent).toBe('Fechar');
    page.cancel.click();
    expect(page.dialog.open).toBe(false);
  });

  it('says the server’s message when the visitor sent too many reports', async () => {
    const message = REPORT_MESSAGES.rateLimited(42);
    const page = openPage({ status: 429, body: { error: { code: 'reports_rate_limited', message } } });
    page.open.click();
    page.form.querySelector<HTMLInputElement>('input[value="other"]')?.click();
    await submit(page.form);
    expect(page.status.textContent).toBe(message);
    expect(page.form.querySelector<HTMLButtonElement>('button.send')?.disabled).toBe(false);
  });
});
