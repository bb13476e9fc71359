/**
 * Island of the static pricing page (markup: pages/pricing-page.tsx and components/pricing/). Both billing periods
 * are prerendered; the toggle flips `data-period` on the page (CSS shows one period's texts). Plan buttons follow
 * spec §4/§5: a signed-out visitor gets the 'Login necessário' toast on the sign-up tab, the plan kept in the way
 * back (through sign-up and the e-mail confirmation to the dashboard, which starts its checkout); a signed-in one checks
 * out, or opens the billing portal for 'Alterar Plano', in a new tab opened during the click; the current plan
 * reads 'Plano Atual'.
 */

import type { BillingPeriod, PlanId } from '#shared/catalogue';
import { PAYMENT_METHODS, type PaymentMethod } from '#shared/payment-methods';
import { signUpForPlanPath } from '#shared/routes';
import { isCurrentStatus } from '#shared/subscription';
import { parseTaxId } from '#shared/tax-id';
import type { PlanActionMessages, Subscription } from '#web/features/billing/islands';
import { setFlashToast } from '#web/lib/flash-toast';
import { openPendingTab } from '#web/lib/new-tab';
import { readJsonBlock } from '#web/lib/text-template';
import { currentViewer, onViewer, SUBSCRIPTION_CHANGED, type ViewerState } from '#web/lib/viewer';

export interface PricingTexts {
  currentPlan: string;
  changePlan: string;
  processing: string;
  loginRequired: string;
  loginRequiredDescription: string;
  taxIdInvalid: string;
  messages: PlanActionMessages;
  toast: { region: string; close: string };
}

type PlanButtonMode = 'current' | 'change' | 'subscribe';

interface PlanButton {
  element: HTMLButtonElement;
  label: HTMLElement;
  planId: PlanId;
  subscribeLabel: string;
  subscribeClass: string;
  currentClass: string;
}

/** `undefined` until known; `null` = signed out or no subscription. */
type SubscriptionState = Subscription | null | undefined;

/** What the page knows: the period shown, who is looking, their subscription, and the plan being acted on. */
interface PricingState {
  period: BillingPeriod;
  viewer: ViewerState | null;
  subscription: SubscriptionState;
  pending: PlanId | null;
}

function readPlanButtons(root: HTMLElement): PlanButton[] {
  return [...root.querySelectorAll<HTMLButtonElement>('[data-plan-button]')].map((element) => {
    const label = element.querySelector<HTMLElement>('[data-plan-label]') ?? element;
    return {
      element,
      label,
      planId: element.dataset.planId as PlanId,
      subscribeLabel: label.textContent ?? '',
      subscribeClass: element.className,
      currentClass: element.dataset.currentClass ?? element.className,
    };
  });
}

function paymentMethodOf(root: HTMLElement): PaymentMethod {
  const chosen = root.querySelector<HTMLInputElement>('input[name="payment-method"]:checked')?.value;
  return PAYMENT_METHODS.find((method) => method === chosen) ?? 'card';
}

/** The CPF/CNPJ field: `read` checks what is typed like the server checks it; null (and the error shown) when invalid. */
function taxIdField(root: HTMLElement, invalidText: string) {
  const input = root.querySelector<HTMLInputElement>('[data-tax-id]');
  const error = root.querySelector<HTMLElement>('[data-tax-id-error]');
  const read = (): string | undefined | null => {
    const typed = input?.value.trim() ?? '';
    const digits = typed ? parseTaxId(typed) : undefined;
    const invalid = typed !== '' && digits === undefined;
    if (error) {
      error.hidden = !invalid;
      error.textContent = invalid ? invalidText : '';
    }
    input?.setAttribute('aria-invalid', String(invalid));
    return invalid ? null : digits;
  };
  return { read, focus: () => input?.focus() };
}

function modeFor(planId: PlanId, state: PricingState, method: PaymentMethod): PlanButtonMode {
  const { subscription } = state;
  if (!subscription || !isCurrentStatus(subscription.status)) return 'subscribe';
  // A prepaid plan is renewed or upgraded by paying a Pix (ADR 0042).
  if (subscription.collection === 'prepaid' && method === 'pix') return 'subscribe';
  return subscription.planId === planId && subscription.billingPeriod === state.period ? 'current' : 'change';
}

function renderButtons(
  buttons: PlanButton[],
  state: PricingState,
  method: PaymentMethod,
  texts: PricingTexts,
) {
  for (const button of buttons) {
    const mode = modeFor(button.planId, state, method);
    const isPending = state.pending === button.planId;
    button.element.dataset.mode = mode;
    button.element.className = mode === 'current' ? button.currentClass : button.subscribeClass;
    button.element.disabled = mode === 'current' || state.pending !== null;
    button.element.toggleAttribute('aria-busy', isPending);
    button.label.textContent = isPending
      ? texts.processing
      : mode === 'current'
        ? texts.currentPlan
        : mode === 'change'
          ? texts.changePlan
          : button.subscribeLabel;
  }
}

async function loadSubscription(): Promise<SubscriptionState> {
  const viewer = await currentViewer();
  if (viewer === 'signed-out') return null;
  const { getSubscription } = await import('#web/features/billing/islands');
  return getSubscription()
    .then((response) => response.subscription)
    .catch(() => null);
}

/** Checkout needs an account (spec §5): the toast shows on the sign-up page, the plan kept in the way back. */
function signUpFirst(planId: PlanId, period: BillingPeriod, texts: PricingTexts): void {
  setFlashToast({
    kind: 'error',
    title: texts.loginRequired,
    description: texts.loginRequiredDescription,
  });
  window.location.assign(signUpForPlanPath(planId, period));
}

export function attachPricing(root: HTMLElement): void {
  const texts = readJsonBlock<PricingTexts>(root, '[data-pricing-texts]');
  const toggle = root.querySelector<HTMLButtonElement>('[data-billing-toggle]');
  const buttons = readPlanButtons(root);
  const taxId = taxIdField(root, texts.taxIdInvalid);
  const state: PricingState = { period: 'monthly', viewer: null, subscription: undefined, pending: null };
  const render = () => renderButtons(buttons, state, paymentMethodOf(root), texts);

  const setPeriod = (next: BillingPeriod) => {
    state.period = next;
    root.dataset.period = next;
    toggle?.setAttribute('aria-checked', String(next === 'yearly'));
    if (toggle) toggle.dataset.period = next;
    render();
  };

  const reload = () =>
    void loadSubscription().then((next) => {
      state.subscription = next;
      render();
    });
  onViewer((viewer) => {
    state.viewer = viewer;
    reload();
  });
  // A plan paid in the checkout's tab: this tab's buttons follow ("Plano atual" instead of "Assinar").
  window.addEventListener(SUBSCRIPTION_CHANGED, reload);

  const subscribe = async (button: PlanButton) => {
    if (state.pending) return;
    const document = taxId.read();
    if (document === null) {
      taxId.focus();
      return;
    }
    // Signed in and known: open the tab now, inside the click, so popup blockers let it through.
    let tab = state.viewer === 'signed-in' ? openPendingTab() : null;
    state.pending = button.planId;
    render();
    try {
      if ((await currentViewer()) === 'signed-out') {
        signUpFirst(button.planId, state.period, texts);
        return;
      }
      const current = state.subscription === undefined ? await loadSubscription() : state.subscription;
      tab ??= openPendingTab();
      const [{ runPlanAction }, { showErrorToast }] = await Promise.all([
        import('#web/features/billing/islands'),
        import('#web/lib/island-toast'),
      ]);
      await runPlanAction({
        planId: button.planId,
        billingPeriod: state.period,
        paymentMethod: paymentMethodOf(root),
        ...(document ? { taxId: document } : {}),
        subscription: current ?? null,
        tab,
        messages: texts.messages,
        notify: (title, description) => showErrorToast(title, description, texts.toast),
      });
    } catch (error) {
      tab?.cancel();
      console.warn('[pricing] plan action failed', error);
    } finally {
      state.pending = null;
      render();
    }
  };

  toggle?.addEventListener('click', () => setPeriod(state.period === 'yearly' ? 'monthly' : 'yearly'));
  for (const choice of root.querySelectorAll<HTMLElement>('[data-period-choice]')) {
    choice.addEventListener('click', () => setPeriod(choice.dataset.periodChoice as BillingPeriod));
  }
  for (const button of buttons) button.element.addEventListener('click', () => void subscribe(button));
  for (const radio of root.querySelectorAll<HTMLInputElement>('input[name="payment-method"]')) {
    radio.addEventListener('change', render);
  }
  render();
}
