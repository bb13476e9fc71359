import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  type BillingPeriod,
  findPackage,
  findPlan,
  PLAN_IDS,
  PLANS,
  type PlanId,
  planCreditsPerInvoice,
  planPriceCents,
} from '../../shared/catalogue';
import { LOGIN_PATH } from '../../shared/routes';
import type { Auth } from '../accounts/auth.server';
import type { AppEnv } from '../kernel/errors.server';
import { rejectNulInForm } from '../kernel/request-validation.server';
import { fromOwnOrigin } from '../kernel/same-origin.server';
import { escapeHtml } from '../mail/templates.server';
import type { LocalPaymentProvider } from './providers/local-checkout.server';

/**
 * The local test checkout's pages (docs/billing-contract.md, "Local test checkout"): /dev/checkout/:id and
 * /dev/portal. Server-rendered, every value escaped, no scripts (the CSP allows none inline). Actions are POST
 * forms: the session cookie is SameSite=Lax (not sent on cross-site POSTs) and each POST must come from our own
 * origin, so another site cannot pay, upgrade or cancel on a signed-in user's behalf.
 */

const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
const periodName = (period: BillingPeriod) => (period === 'monthly' ? 'mensal' : 'anual');
const dateText = (date: Date) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

function page(title: string, body: string): string {
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

/** The pages' forms carry an id and an action: a few hundred bytes. Larger bodies are refused before reading. */
const MAX_FORM_BYTES = 16 * 1024;

export function devCheckoutPages(
  auth: Auth,
  provider: LocalPaymentProvider,
  ownOrigins: readonly string[],
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (c.req.method === 'POST' && !fromOwnOrigin(c, ownOrigins)) {
      return c.html(page('Requisição recusada', '<p>Origem não permitida.</p>'), 403);
    }
    await next();
  });
  app.post(
    '*',
    bodyLimit({
      maxSize: MAX_FORM_BYTES,
      onError: (c) => c.html(page('Requisição recusada', '<p>Formulário grande demais.</p>'), 413),
    }),
    rejectNulInForm,
  );

  const userIdOf = async (c: Context<AppEnv>): Promise<string | undefined> => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    return session?.user.id;
  };
  const toLogin = (c: Context<AppEnv>) => c.redirect(LOGIN_PATH, 303);
  const form = async (c: Context<AppEnv>) => {
    const body = await c.req.parseBody();
    return (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  };

  app.get('/checkout/:id', async (c) => {
    const userId = await userIdOf(c);
    if (!userId) return toLogin(c);
    const id = c.req.param('id');
    const checkout = await provider.checkoutOf(userId, id);
    if (!checkout)
      return c.html(page('Checkout não encontrado', '<p>Esta sessão de pagamento não existe.</p>'), 404);
    let what: string;
    if (checkout.kind === 'package') {
      const pkg = findPackage(checkout.packageId ?? '');
      what = `<p>Pacote de <strong>${pkg?.credits ?? 0} créditos</strong> (válidos por 30 dias)</p>`;
    } else {
      const plan = findPlan(checkout.planId ?? '');
      const period = checkout.billingPeriod ?? 'monthly';
      what = `<p>Plano <strong>${escapeHtml(plan?.name ?? '')}</strong> (${periodName(period)}):
        ${plan ? planCreditsPerInvoice(plan, period) : 0} créditos por período</p>`;
    }
    const action = `/dev/checkout/${encodeURIComponent(checkout.id)}`;
    const status =
      checkout.status === 'open'
        ? `<form method="post" action="${escapeHtml(action)}/pay"><button type="submit">Pagar</button></form>
           <form method="post" action="${escapeHtml(action)}/cancel"><button type="submit">Cancelar</button></form>`
        : `<p>Esta sessão já está <strong>${checkout.status === 'paid' ? 'paga' : 'cancelada'}</strong>.</p>`;
    return c.html(
      page(
        'Checkout',
        `<div class="card">${what}<p>Total: <strong>${escapeHtml(brl(checkout.amountCents))}</strong></p></div>${status}`,
      ),
    );
  });

  app.post('/checkout/:id/pay', async (c) => {
    const userId = await userIdOf(c);
    if (!userId) return toLogin(c);
    const id = c.req.param('id');
    const result = await provider.pay(userId, id);
    if (!result.ok || !result.checkout)
      return c.html(page('Pagamento recusado', `<p>${escapeHtml(result.ok ? '' : result.message)}</p>`), 400);
    return c.redirect(
      result.checkout.kind === 'package'
        ? `/dashboard/payment-success?session_id=${encodeURIComponent(id)}`
        : '/dashboard?success=true',
      303,
    );
  });

  app.post('/checkout/:id/cancel', async (c) => {
    const userId = await userIdOf(c);
    if (!userId) return toLogin(c);
    const checkout = await provider.cancel(userId, c.req.param('id'));
    if (!checkout) return c.html(page('Checkout não encontrado', '<p>Esta sessão não existe.</p>'), 404);
    return c.redirect(checkout.kind === 'package' ? '/dashboard/buy-credits' : '/pricing', 303);
  });

  app.get('/portal', async (c) => {
    const userId = await userIdOf(c);
    if (!userId) return toLogin(c);
    const subscription = await provider.current(userId);
    const back = '<p><a href="/dashboard?portal=1">Voltar para a Cena</a></p>';
    if (!subscription) return c.html(page('Portal de cobrança', `<p>Nenhuma assinatura ativa.</p>${back}`));
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
    return c.html(
      page(
        'Portal de cobrança',
        `<div class="card"><p>Plano <strong>${escapeHtml(plan?.name ?? subscription.planId)}</strong>
        (${periodName(subscription.billingPeriod)}), renova em ${escapeHtml(dateText(subscription.currentPeriodEnd))}.</p>${scheduled}</div>
        <h2>Alterar plano</h2>${changes}
        <h2>Cancelamento</h2>${cancel}
        <h2>Simulação</h2>
        <form method="post" action="/dev/portal/advance">${sub}${hidden('periodEnd', subscription.currentPeriodEnd.toISOString())}
        <button type="submit">Avançar para o próximo período</button></form>${back}`,
      ),
    );
  });

  app.post('/portal/:action{change-plan|cancel|resume|advance}', async (c) => {
    const userId = await userIdOf(c);
    if (!userId) return toLogin(c);
    const field = await form(c);
    const subscriptionId = field('subscriptionId');
    let result: { ok: boolean; message?: string };
    switch (c.req.param('action')) {
      case 'change-plan': {
        const planId = field('planId');
        if (!(PLAN_IDS as readonly string[]).includes(planId)) {
          return c.html(page('Plano desconhecido', '<p>Plano desconhecido.</p>'), 400);
        }
        result = await provider.changePlan(userId, subscriptionId, field('expectedPlanId'), planId as PlanId);
        break;
      }
      case 'cancel':
        result = await provider.setCancelAtPeriodEnd(userId, subscriptionId, true);
        break;
      case 'resume':
        result = await provider.setCancelAtPeriodEnd(userId, subscriptionId, false);
        break;
      default: {
        const periodEnd = new Date(field('periodEnd'));
        if (Number.isNaN(periodEnd.getTime()))
          return c.html(page('Dados inválidos', '<p>Período inválido.</p>'), 400);
        result = await provider.advancePeriod(userId, subscriptionId, periodEnd);
      }
    }
    if (!result.ok) return c.html(page('Ação recusada', `<p>${escapeHtml(result.message ?? '')}</p>`), 400);
    return c.redirect('/dev/portal', 303);
  });

  return app;
}
