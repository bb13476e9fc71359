import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASON_LABELS_PT, REPORT_REASONS } from '#shared/reports';

/**
 * The share page's "Denunciar" (ADR 0066): a button and a native <dialog> (modal: focus moves into it and stays there,
 * Esc closes it, focus goes back to the button — the browser's own behaviour for showModal, see
 * https://html.spec.whatwg.org/multipage/interactive-elements.html#the-dialog-element), laid out for a 375 px screen
 * first. The reasons are radio buttons in a fieldset, so arrows move between them; the form posts JSON to
 * `POST /api/share/{slug}/reports` from REPORT_SCRIPT (scripts are 'self' only, CSP), which says the outcome in a
 * live region. Anyone can report: no account, no cookie.
 */

export const REPORT_SCRIPT_PATH = '/v/report.js';

export const REPORT_STYLE = `
button.report{background:none;border:1px solid #52525b;color:#d4d4d8;border-radius:999px;padding:8px 16px;
font:inherit;font-size:.875rem;cursor:pointer;min-height:44px}
button.report:focus-visible,dialog button:focus-visible,dialog textarea:focus-visible,dialog input:focus-visible{
outline:3px solid #fde68a;outline-offset:2px}
dialog{width:min(480px,calc(100vw - 24px));max-height:calc(100vh - 24px);overflow:auto;border:0;border-radius:16px;
padding:20px;background:#18181b;color:#f4f4f5}dialog::backdrop{background:rgba(0,0,0,.7)}
dialog h2{margin:0 0 12px;font-size:1.125rem}dialog fieldset{border:0;margin:0;padding:0;display:flex;
flex-direction:column;gap:4px}dialog legend{font-weight:600;margin-bottom:6px}
dialog label.reason{display:flex;gap:10px;align-items:center;min-height:40px}
dialog input[type=radio]{width:20px;height:20px;accent-color:#f59e0b}
dialog textarea{width:100%;margin-top:6px;border-radius:8px;border:1px solid #52525b;background:#0b0b10;color:inherit;
font:inherit;padding:8px}dialog .actions{display:flex;gap:8px;justify-content:flex-end;margin-top:16px;flex-wrap:wrap}
dialog .actions button{min-height:44px;padding:0 16px;border-radius:999px;font:inherit;cursor:pointer;
border:1px solid #52525b;background:none;color:inherit}dialog .actions button.send{background:#f59e0b;color:#111;
border-color:#f59e0b;font-weight:700}dialog [role=status]{min-height:1.25em;margin:12px 0 0;text-align:left}`;

export function reportDialogHtml(): string {
  const reasons = REPORT_REASONS.map(
    (reason) =>
      `<label class="reason"><input type="radio" name="reason" value="${reason}"> ${REPORT_REASON_LABELS_PT[reason]}</label>`,
  ).join('\n');
  return `<button type="button" class="report" id="cena-report-open" aria-haspopup="dialog">Denunciar</button>
<dialog id="cena-report" aria-labelledby="cena-report-title">
<form id="cena-report-form" novalidate>
<h2 id="cena-report-title">Denunciar este vídeo</h2>
<fieldset><legend>Qual o problema?</legend>
${reasons}
</fieldset>
<label for="cena-report-details" style="display:block;margin-top:12px">Detalhes (opcional)</label>
<textarea id="cena-report-details" name="details" rows="3" maxlength="${REPORT_DETAILS_MAX_LENGTH}"></textarea>
<p id="cena-report-status" role="status" aria-live="polite"></p>
<div class="actions"><button type="button" id="cena-report-cancel">Cancelar</button>
<button type="submit" class="send">Enviar denúncia</button></div>
</form>
</dialog>`;
}

/**
 * Opens the dialog, sends the report and says what happened: received (the form is replaced by the thanks and a
 * "Fechar"), or the server's own pt-BR message (too many reports, a link gone).
 */
export const REPORT_SCRIPT = `(() => {
  const open = document.getElementById('cena-report-open');
  const dialog = document.getElementById('cena-report');
  const form = document.getElementById('cena-report-form');
  const status = document.getElementById('cena-report-status');
  if (!open || !dialog || !form || !status) return;
  const slug = location.pathname.split('/')[2];
  const cancel = document.getElementById('cena-report-cancel');
  const send = form.querySelector('button.send');
  open.addEventListener('click', () => {
    status.textContent = '';
    dialog.showModal();
  });
  cancel.addEventListener('click', () => dialog.close());
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const reason = form.querySelector('input[name="reason"]:checked');
    if (!reason) {
      status.textContent = 'Escolha um motivo.';
      form.querySelector('input[name="reason"]').focus();
      return;
    }
    const details = form.elements.details.value.trim();
    send.disabled = true;
    status.textContent = 'Enviando…';
    try {
      const answer = await fetch('/api/share/' + slug + '/reports', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(details ? { reason: reason.value, details } : { reason: reason.value }),
      });
      if (answer.status === 202) {
        status.textContent = 'Obrigado. Sua denúncia foi enviada à equipe da Cena, que vai analisá-la.';
        form.querySelector('fieldset').disabled = true;
        form.elements.details.disabled = true;
        send.hidden = true;
        cancel.textContent = 'Fechar';
        cancel.focus();
        return;
      }
      const body = await answer.json().catch(() => null);
      status.textContent = (body && body.error && body.error.message) || 'Não foi possível enviar. Tente de novo.';
    } catch {
      status.textContent = 'Sem conexão. Verifique sua internet e tente de novo.';
    }
    send.disabled = false;
  });
})();
`;
