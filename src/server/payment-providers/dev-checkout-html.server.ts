import type { CheckoutRecord, SubscriptionRecord } from '#server/billing/billing.server';
import { escapeHtml } from '#server/mail/mail.server';
import {
  type BillingPeriod,
  findPackage,
  findPlan,
  PLANS,
  planCreditsPerInvoice,
  planPriceCents,
} from '#shared/catalogue';
import { isLocalBoleto } from './local-checkout.server';

/** The local test checkout's HTML (dev-checkout-pages.server.ts): every value escaped, no scripts. */

const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
const periodName = (period: BillingPeriod) => (period === 'monthly' ? 'mensal' : 'anual');
const dateText = (date: Date) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} — Cena (modo de teste)</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#111}
.banner{background:#fde68a;border:2px solid #b45309;padding:.75rem 1rem;border-radius:.5rem;font-weight:700}
.card{border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:1rem 0}
button{font:inherit;padding:.5rem 1rem;margin:.25rem .25rem .25rem 0;cursor:pointer}
form{display:inline}
</style></head><body>
<p class="banner" role="alert">Modo de teste — nenhum pagamento real</p>
<h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
}

/** A Pix checkout (ADR 0042, ADR 0059) stands in for Stripe's Pix page: one payment, no renewal. */
function pixNote(checkout: CheckoutRecord): string {
  if (checkout.paymentMethod !== 'pix') return '';
  if (checkout.kind === 'package') {
    return '<p><strong>Pix</strong> — Pagamento único por Pix: os créditos chegam quando o Pix é pago. "Pagar com Pix" simula o Pix pago.</p>';
  }
  const what = checkout.upgradesSubscriptionId
    ? 'Upgrade do plano pago por Pix: a diferença pelos dias que faltam do período. Se o plano mudar antes do pagamento, o valor é reembolsado.'
    : `Pagamento único por Pix de ${checkout.billingPeriod === 'yearly' ? '1 ano' : '1 mês'}: não renova sozinho.`;
  return `<p><strong>Pix</strong> — ${escapeHtml(what)} "Pagar" simula o Pix pago.</p>`;
}

export function checkoutHtml(checkout: CheckoutRecord): string {
  let what: string;
  if (checkout.kind === 'package') {
    const pkg = findPackage(checkout.packageId ?? '');
    what = `<p>Pacote de <strong>${pkg?.credits ?? 0} créditos</strong> (válidos por 30 dias)</p>${pixNote(checkout)}`;
  } else {
    const plan = findPlan(checkout.planId ?? '');
    const period = checkout.billingPeriod ?? 'monthly';
    what = `<p>Plano <strong>${escapeHtml(plan?.name ?? '')}</strong> (${periodName(period)}):
        ${plan ? planCreditsPerInvoice(plan, period) : 0} créditos por período</p>${pixNote(checkout)}`;
  }
  const action = escapeHtml(`/dev/checkout/${encodeURIComponent(checkout.id)}`);
  const boleto = isLocalBoleto(checkout.id);
  const pix = checkout.paymentMethod === 'pix' && checkout.kind === 'package';
  const [pay, cancel] = boleto
    ? ['Pagar boleto', 'Deixar o boleto vencer']
    : [pix ? 'Pagar com Pix' : 'Pagar', 'Cancelar'];
  const starts = checkout.kind === 'package' ? 'Os créditos chegam' : 'O plano e os créditos começam';
  const waiting = boleto
    ? `<p>Boleto gerado. ${starts} quando o boleto for pago; esta página continua aqui até lá.</p>`
    : '';
  const status =
    checkout.status === 'open'
      ? `${waiting}<form method="post" action="${action}/pay"><button type="submit">${pay}</button></form>
           <form method="post" action="${action}/cancel"><button type="submit">${cancel}</button></form>`
      : `<p>Esta sessão já está <strong>${checkout.status === 'paid' ? 'paga' : 'cancelada'}</strong>.</p>`;
  return page(
    boleto ? 'Boleto' : 'Checkout',
    `<div class="card">${what}<p>Total: <strong>${escapeHtml(brl(checkout.amountCents))}</strong></p></div>${status}`,
  );
}

const BACK_TO_CENA = '<p><a href="/dashboard?portal=1">Voltar para a Cena</a></p>';

export function noSubscriptionHtml(): string {
  return page('Portal de cobrança', `<p>Nenhuma assinatura ativa.</p>${BACK_TO_CENA}`);
}

export function portalHtml(subscription: SubscriptionRecord): string {
  const plan = findPlan(subscription.planId);
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const sub = hidden('subscriptionId', subscription.id);
  const changes = PLANS.filter((other) => other.id !== subscription.planId)
    .map(
      (
        other,
      ) => `<form method="post" action="/dev/portal/change-plan">${sub}${hidden('expectedPlanId', subscription.planId)}${hidden('planId', other.id)}
          <button type="submit">${(plan?.credits ?? 0) < other.credits ? 'Fazer upgrade para' : 'Mudar no fim do período para'} ${escapeHtml(other.name)} (${escapeHtml(brl(planPriceCents(other, subscription.billingPeriod)))})</button></form>`,
    )
    .join('<br>');
  const scheduled = subscription.scheduledPlanId
    ? `<p>No fim do período muda para ${escapeHtml(findPlan(subscription.scheduledPlanId)?.name ?? '')}.</p>`
    : '';
  const cancel = subscription.cancelAtPeriodEnd
    ? `<p>Cancelada: termina em ${escapeHtml(dateText(subscription.currentPeriodEnd))}.</p>
         <form method="post" action="/dev/portal/resume">${sub}<button type="submit">Manter assinatura</button></form>`
    : `<form method="post" action="/dev/portal/cancel">${sub}<button type="submit">Cancelar no fim do período</button></form>`;
  return page(
    'Portal de cobrança',
    `<div class="card"><p>Plano <strong>${escapeHtml(plan?.name ?? subscription.planId)}</strong>
      (${periodName(subscription.billingPeriod)}), renova em ${escapeHtml(dateText(subscription.currentPeriodEnd))}.</p>${scheduled}</div>
      <h2>Alterar plano</h2>${changes}
      <h2>Cancelamento</h2>${cancel}
      <h2>Simulação</h2>
      <form method="post" action="/dev/portal/advance">${sub}${hidden('periodEnd', subscription.currentPeriodEnd.toISOString())}
      <button type="submit">Avançar para o próximo período</button></form>${BACK_TO_CENA}`,
  );
}
