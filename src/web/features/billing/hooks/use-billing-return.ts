import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '#web/components/ui/toaster';
import { useCheckSubscription } from '../api/check-subscription';
import { useReconcile } from '../api/reconcile';

/**
 * Spec §2: back on /dashboard from a plan checkout (`?success=true`) or the billing portal (`?portal=1`): re-check
 * the subscription, reconcile, toast, then drop the query parameters so a reload does not repeat it. After the
 * portal: 'Assinatura atualizada' — 'Créditos do upgrade aplicados.'. After a checkout, which is only offered
 * without a current subscription (a subscriber's checkout opens the portal), the subscription is a new one:
 * 'Assinatura ativada' (ADR 0037).
 */
export function useBillingReturn(): void {
  const { t } = useTranslation('billing');
  const location = useLocation();
  const navigate = useNavigate();
  const check = useCheckSubscription();
  const reconcile = useReconcile();
  const handled = useRef<string | null>(null);

  const params = new URLSearchParams(location.search);
  const fromCheckout = params.get('success') === 'true';
  const fromPortal = params.get('portal') === '1';
  const key = fromCheckout || fromPortal ? location.key : null;

  useEffect(() => {
    if (!key || handled.current === key) return;
    handled.current = key;
    const search = new URLSearchParams(location.search);
    search.delete('success');
    search.delete('portal');
    const rest = search.toString();
    const run = async () => {
      try {
        await check.mutateAsync();
      } catch (error) {
        console.warn('[billing] check-subscription failed', error);
      }
      try {
        await reconcile.mutateAsync();
      } catch (error) {
        console.warn('[billing] reconcile failed', error);
      }
      if (fromPortal) {
        toast.success(t('toasts.subscriptionUpdated'), { description: t('toasts.upgradeApplied') });
      } else {
        toast.success(t('toasts.subscriptionActivated'));
      }
      navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    };
    void run();
  }, [key, location.search, location.pathname, fromPortal, check, reconcile, navigate, t]);
}
