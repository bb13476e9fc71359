/**
 * The pricing page's plan button actions, framework-free (the static pricing page's island runs them): 'Alterar
 * Plano' opens the billing portal; otherwise a plan checkout starts (a 409 `subscription_exists` opens the portal
 * instead). Both open in the tab the caller opened during the click. Failures are reported with the spec §8 texts
 * through the caller's `notify`.
 */

import type { BillingPeriod, PlanId } from '#shared/catalogue';
import type { PaymentMethod } from '#shared/payment-methods';
import type { PendingTab } from '#web/lib/new-tab';
import { createCheckout, isCurrentSubscription, openPortal, type Subscription } from '../api/billing-calls';
import { isSubscriptionExists, serverMessage } from './errors';

export interface PlanActionMessages {
  error: string;
  portalError: string;
  paymentError: string;
  paymentErrorFallback: string;
}

/** Shows an error to the user (title and description). */
export type Notify = (title: string, description: string) => void;

async function goToPortal(tab: PendingTab, messages: PlanActionMessages, notify: Notify): Promise<void> {
  try {
    const { url } = await openPortal();
    tab.go(url);
  } catch (error) {
    tab.cancel();
    console.warn('[billing] portal failed', error);
    notify(messages.error, messages.portalError);
  }
}

/**
 * A card subscription is changed in the portal; a Pix checkout renews or upgrades a prepaid plan (ADR 0042), and
 * the server's refusals (a lower plan by Pix, boleto not offered) are shown with its pt-BR message.
 */
export async function runPlanAction({
  planId,
  billingPeriod,
  paymentMethod = 'card',
  taxId,
  subscription,
  tab,
  messages,
  notify,
}: {
  planId: PlanId;
  billingPeriod: BillingPeriod;
  paymentMethod?: PaymentMethod;
  taxId?: string;
  subscription: Subscription | null;
  tab: PendingTab;
  messages: PlanActionMessages;
  notify: Notify;
}): Promise<void> {
  if (
    isCurrentSubscription(subscription) &&
    subscription.collection !== 'prepaid' &&
    paymentMethod === 'card'
  ) {
    await goToPortal(tab, messages, notify);
    return;
  }
  try {
    const { url } = await createCheckout({
      planId,
      billingPeriod,
      // Card is the API's default: its body stays as it was.
      ...(paymentMethod === 'card' ? {} : { paymentMethod }),
      ...(taxId ? { taxId } : {}),
    });
    tab.go(url);
  } catch (error) {
    if (isSubscriptionExists(error)) {
      await goToPortal(tab, messages, notify);
      return;
    }
    tab.cancel();
    console.warn('[billing] checkout failed', error);
    notify(messages.paymentError, serverMessage(error) ?? messages.paymentErrorFallback);
  }
}
