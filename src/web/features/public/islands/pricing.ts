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
import { currentViewer, onViewer, type ViewerState } from '#web/lib/viewer';

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

export function attachPricing(root: HTMLElement): void {
  const texts = readJsonBlock<PricingTexts>(root, '[data-pricing-texts]');
  const toggle = root.querySelector<HTMLButtonElement>('[data-billing-toggle]');
  const buttons: PlanButton[] = [...root.querySelectorAll<HTMLButtonElement>('[data-plan-button]')].map(
    (element) => {
      const label = element.querySelector<HTMLElement>('[data-plan-label]') ?? element;
      return {
        element,
        label,
        planId: element.dataset.planId as PlanId,
        subscribeLabel: label.textContent ?? '',
        subscribeClass: element.className,
        currentClass: element.dataset.currentClass ?? element.className,
      };
    },
  );

  let period: BillingPeriod = 'monthly';
  let viewer: ViewerState | null = null;
  let subscription: SubscriptionState;
  let pending: PlanId | null = null;

  const taxInput = root.querySelector<HTMLInputElement>('[data-tax-id]');
  const taxError = root.querySelector<HTMLElement>('[data-tax-id-error]');
  const paymentMethod = (): PaymentMethod => {
    const chosen = root.querySelector<HTMLInputElement>('input[name="payment-method"]:checked')?.value;
    return PAYMENT_METHODS.find((method) => method === chosen) ?? 'card';
  };
  /** The CPF/CNPJ typed, checked like the server checks it; null (and the error shown) when it is invalid. */
  const taxId = (): string | undefined | null => {
    const typed = taxInput?.value.trim() ?? '';
    const digits = typed ? parseTaxId(typed) : undefined;
    const invalid = typed !== '' && digits === undefined;
    if (taxError) {
      taxError.hidden = !invalid;
      taxError.textContent = invalid ? texts.taxIdInvalid : '';
    }
    taxInput?.setAttribute('aria-invalid', String(invalid));
    return invalid ? null : digits;
  };

  const modeFor = (planId: PlanId): PlanButtonMode => {
    if (!subscription || !isCurrentStatus(subscription.status)) return 'subscribe';
    // A prepaid plan is renewed or upgraded by paying a Pix (ADR 0042).
    if (subscription.collection === 'prepaid' && paymentMethod() === 'pix') return 'subscribe';
    return subscription.planId === planId && subscription.billingPeriod === period ? 'current' : 'change';
  };

  const render = () => {
    for (const button of buttons) {
      const mode = modeFor(button.planId);
      const isPending = pending === button.planId;
      button.element.dataset.mode = mode;
      button.element.className = mode === 'current' ? button.currentClass : button.subscribeClass;
      button.element.disabled = mode === 'current' || pending !== null;
      button.element.toggleAttribute('aria-busy', isPending);
      button.label.textContent = isPending
        ? texts.processing
        : mode === 'current'
          ? texts.currentPlan
          : mode === 'change'
            ? texts.changePlan
            : button.subscribeLabel;
    }
  };

  const setPeriod = (next: BillingPeriod) => {
    period = next;
    root.dataset.period = next;
    toggle?.setAttribute('aria-checked', String(next === 'yearly'));
    if (toggle) toggle.dataset.period = next;
    render();
  };

  const loadSubscription = async (): Promise<SubscriptionState> => {
    const viewer = await currentViewer();
    if (viewer === 'signed-out') return null;
    const { getSubscription } = await import('#web/features/billing/islands');
    return getSubscription()
      .then((response) => response.subscription)
      .catch(() => null);
  };

  onViewer((state) => {
    viewer = state;
    void loadSubscription().then((next) => {
      subscription = next;
      render();
    });
  });

  const subscribe = async (button: PlanButton) => {
    if (pending) return;
    const document = taxId();
    if (document === null) {
      taxInput?.focus();
      return;
    }
    // Signed in and known: open the tab now, inside the click, so popup blockers let it through.
    let tab = viewer === 'signed-in' ? openPendingTab() : null;
    pending = button.planId;
    render();
    try {
      if ((await currentViewer()) === 'signed-out') {
        // Checkout needs an account (spec §5): the toast shows on the sign-in page.
        setFlashToast({
          kind: 'error',
          title: texts.loginRequired,
          description: texts.loginRequiredDescription,
        });
        window.location.assign(signUpForPlanPath(button.planId, period));
        return;
      }
      const current = subscription === undefined ? await loadSubscription() : subscription;
      tab ??= openPendingTab();
      const [{ runPlanAction }, { showErrorToast }] = await Promise.all([
        import('#web/features/billing/islands'),
        import('#web/lib/island-toast'),
      ]);
      await runPlanAction({
        planId: button.planId,
        billingPeriod: period,
        paymentMethod: paymentMethod(),
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
      pending = null;
      render();
    }
  };

  toggle?.addEventListener('click', () => setPeriod(period === 'yearly' ? 'monthly' : 'yearly'));
  for (const choice of root.querySelectorAll<HTMLElement>('[data-period-choice]')) {
    choice.addEventListener('click', () => setPeriod(choice.dataset.periodChoice as BillingPeriod));
  }
  for (const button of buttons) button.element.addEventListener('click', () => void subscribe(button));
  for (const radio of root.querySelectorAll<HTMLInputElement>('input[name="payment-method"]')) {
    radio.addEventListener('change', render);
  }
  render();
}
