import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type BillingPeriod, PLAN_IDS, type PlanId } from '#shared/catalogue';
import { CHOSEN_PLAN_PARAMS } from '#shared/routes';
import { toast } from '#web/components/ui/toaster';
import { runPlanAction } from '../lib/plan-actions';

const isPlanId = (value: string | null): value is PlanId =>
  (PLAN_IDS as readonly string[]).includes(value ?? '');

/**
 * On the dashboard: a plan chosen before the account existed (`?plan=&period=`), or renewed by Pix (`&pay=pix`), starts its checkout at once, in
 * this tab (no click to open a new one without a popup blocker in the way). The parameters are dropped first, so
 * back from the checkout does not start it again. A subscriber's 409 opens the portal instead (runPlanAction).
 */
export function useChosenPlanCheckout(): void {
  const { t } = useTranslation('billing');
  const [params, setParams] = useSearchParams();
  const started = useRef(false);
  const planId = params.get(CHOSEN_PLAN_PARAMS.plan);
  const period: BillingPeriod = params.get(CHOSEN_PLAN_PARAMS.period) === 'yearly' ? 'yearly' : 'monthly';
  // "Renovar por Pix" (the reminder e-mail, the profile): straight to the Pix checkout of the same plan.
  const paymentMethod = params.get(CHOSEN_PLAN_PARAMS.method) === 'pix' ? 'pix' : 'card';

  useEffect(() => {
    if (started.current || !isPlanId(planId)) return;
    started.current = true;
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.delete(CHOSEN_PLAN_PARAMS.plan);
        copy.delete(CHOSEN_PLAN_PARAMS.period);
        copy.delete(CHOSEN_PLAN_PARAMS.method);
        return copy;
      },
      { replace: true },
    );
    void runPlanAction({
      planId,
      billingPeriod: period,
      paymentMethod,
      subscription: null,
      tab: { go: (url) => window.location.assign(url), cancel: () => undefined },
      messages: {
        error: t('toasts.error'),
        portalError: t('toasts.portalError'),
        paymentError: t('toasts.paymentError'),
        paymentErrorFallback: t('toasts.paymentErrorFallback'),
      },
      notify: (title, description) => toast.error(title, { description }),
    });
  }, [planId, period, paymentMethod, setParams, t]);
}
