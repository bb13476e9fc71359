import { type Context, Hono } from 'hono';
import type { Auth } from '#server/accounts/auth.server';
import { bodyLimit } from '#server/kernel/body-limit.server';
import type { AppEnv } from '#server/kernel/errors.server';
import { rejectNulInForm } from '#server/kernel/request-validation.server';
import { fromOwnOrigin } from '#server/kernel/same-origin.server';
import { escapeHtml } from '#server/mail/templates.server';
import { PLAN_IDS, type PlanId } from '#shared/catalogue';
import { LOGIN_PATH } from '#shared/routes';
import { checkoutHtml, noSubscriptionHtml, page, portalHtml } from './dev-checkout-html.server';
import type { LocalPaymentProvider } from './local-checkout.server';

/**
 * The local test checkout's pages (docs/billing-contract.md, "Local test checkout"): /dev/checkout/:id and
 * /dev/portal. Server-rendered, every value escaped, no scripts (the CSP allows none inline). Actions are POST
 * forms: the session cookie is SameSite=Lax (not sent on cross-site POSTs) and each POST must come from our own
 * origin, so another site cannot pay, upgrade or cancel on a signed-in user's behalf.
 */

/** The pages' forms carry an id and an action: a few hundred bytes. Larger bodies are refused before reading. */
const MAX_FORM_BYTES = 16 * 1024;

const toLogin = (c: Context<AppEnv>) => c.redirect(LOGIN_PATH, 303);

/** A posted form's text fields by name; '' for a missing one or a file. */
async function form(c: Context<AppEnv>): Promise<(name: string) => string> {
  const body = await c.req.parseBody();
  return (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
}

/** Runs a portal form's action: the page to answer 400 with when it is refused, null when done. */
async function portalAction(
  provider: LocalPaymentProvider,
  userId: string,
  action: string,
  field: (name: string) => string,
): Promise<string | null> {
  const subscriptionId = field('subscriptionId');
  let result: { ok: boolean; message?: string };
  switch (action) {
    case 'change-plan': {
      const planId = field('planId');
      if (!(PLAN_IDS as readonly string[]).includes(planId)) {
        return page('Plano desconhecido', '<p>Plano desconhecido.</p>');
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
      if (Number.isNaN(periodEnd.getTime())) return page('Dados inválidos', '<p>Período inválido.</p>');
      result = await provider.advancePeriod(userId, subscriptionId, periodEnd);
    }
  }
  return result.ok ? null : page('Ação recusada', `<p>${escapeHtml(result.message ?? '')}</p>`);
}

/** Every page: never cached; a form is posted from Cena's own pages only, small and storable. */
function guardPages(app: Hono<AppEnv>, ownOrigins: readonly string[]): void {
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
}

export function devCheckoutPages(
  auth: Auth,
  provider: LocalPaymentProvider,
  ownOrigins: readonly string[],
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  guardPages(app, ownOrigins);

  const userIdOf = async (c: Context<AppEnv>): Promise<string | undefined> => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    return session?.user.id;
  };

  app.get('/checkout/:id', async (c) => {
    const userId = await userIdOf(c);
    if (!userId) return toLogin(c);
    const id = c.req.param('id');
    const checkout = await provider.checkoutOf(userId, id);
    if (!checkout)
      return c.html(page('Checkout não encontrado', '<p>Esta sessão de pagamento não existe.</p>'), 404);
    return c.html(checkoutHtml(checkout));
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
    return c.redirect(checkout.kind === 'package' ? '/dashboard/buy-credits?canceled=1' : '/pricing', 303);
  });

  app.get('/portal', async (c) => {
    const userId = await userIdOf(c);
    if (!userId) return toLogin(c);
    const subscription = await provider.current(userId);
    return c.html(subscription ? portalHtml(subscription) : noSubscriptionHtml());
  });

  app.post('/portal/:action{change-plan|cancel|resume|advance}', async (c) => {
    const userId = await userIdOf(c);
    if (!userId) return toLogin(c);
    const refusal = await portalAction(provider, userId, c.req.param('action'), await form(c));
    if (refusal) return c.html(refusal, 400);
    return c.redirect('/dev/portal', 303);
  });

  return app;
}
