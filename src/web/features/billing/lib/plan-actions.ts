/**
 * The pricing page's plan button actions, loaded on demand (no TanStack Query): 'Alterar Plano' opens the billing
 * portal; otherwise a plan checkout starts (a 409 `subscription_exists` opens the portal instead). Both open in the
 * tab the caller opened during the click. Failures toast the spec §8 texts.
 */
import type { BillingPeriod, PlanId } from '../../../../shared/catalogue';
import { toast } from '../../../components/ui/toaster';
import type { PendingTab } from '../../../lib/new-tab';
import { createCheckout, isCurrentSubscription, openPortal, type Subscription } from '../api/requests';
import { isSubscriptionExists, serverMessage } from './errors';

export interface PlanActionMessages {
  error: string;
  portalError: string;
  paymentError: string;
  paymentErrorFallback: string;
}

async function goToPortal(tab: PendingTab, messages: PlanActionMessages): Promise<void> {
  try {
    const { url } = await openPortal();
    tab.go(url);
  } catch (error) {
    tab.cancel();
    console.warn('[billing] portal failed', error);
    toast.error(messages.error, { description: messages.portalError });
  }
}

export async function runPlanAction({
  planId,
  billingPeriod,
  subscription,
  tab,
  messages,
}: {
  planId: PlanId;
  billingPeriod: BillingPeriod;
  subscription: Subscription | null;
  tab: PendingTab;
  messages: PlanActionMessages;
}): Promise<void> {
  if (isCurrentSubscription(subscription)) {
    await goToPortal(tab, messages);
    return;
  }
  try {
    const { url } = await createCheckout({ planId, billingPeriod });
    tab.go(url);
  } catch (error) {
    if (isSubscriptionExists(error)) {
      await goToPortal(tab, messages);
      return;
    }
    tab.cancel();
    console.warn('[billing] checkout failed', error);
    toast.error(messages.paymentError, {
      description: serverMessage(error) ?? messages.paymentErrorFallback,
    });
  }
}
