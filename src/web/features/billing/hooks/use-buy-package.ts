import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageId } from '#shared/catalogue';
import type { PaymentMethod } from '#shared/payment-methods';
import { toast } from '#web/components/ui/toaster';
import { openPendingTab } from '#web/lib/new-tab';
import { useCreateCreditCheckout } from '../api/create-credit-checkout';
import { startWaiting } from '../lib/checkout-waiting';

/**
 * Buying a package: the checkout opens in a new tab (opened in the click, so no popup blocker stops it) and this
 * page stays where it is, saying it waits for the payment (CheckoutWaitingNotice) until the credits arrive by the
 * realtime `credits` event. One purchase at a time.
 */
export function useBuyPackage(): {
  pendingId: PackageId | null;
  /** `taxId`: the buyer's CPF or CNPJ digits for the nota fiscal, when given (ADR 0041); `method`: ADR 0059. */
  buy: (id: PackageId, taxId?: string, method?: PaymentMethod) => Promise<void>;
} {
  const { t } = useTranslation('billing');
  const checkout = useCreateCreditCheckout();
  const [pendingId, setPendingId] = useState<PackageId | null>(null);

  const buy = async (packageType: PackageId, taxId?: string, paymentMethod: PaymentMethod = 'card') => {
    if (pendingId) return;
    setPendingId(packageType);
    const tab = openPendingTab();
    try {
      const { url } = await checkout.mutateAsync({
        packageType,
        // The API's default is the card (docs/billing-contract.md): only another method is sent.
        ...(paymentMethod !== 'card' ? { paymentMethod } : {}),
        ...(taxId ? { taxId } : {}),
      });
      tab.go(url);
      startWaiting(packageType);
    } catch (error) {
      tab.cancel();
      console.warn('[billing] credit checkout failed', error); // spec §8: server error/code logged only
      toast.error(t('toasts.error'), { description: t('toasts.checkoutError') });
    } finally {
      setPendingId(null);
    }
  };
  return { pendingId, buy };
}
