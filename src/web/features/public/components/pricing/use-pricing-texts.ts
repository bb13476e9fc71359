import { useTranslation } from 'react-i18next';
import type { PricingTexts } from '../../islands/pricing';

/** The texts the pricing island shows at run time, prerendered into the page in its language (ADR 0004). */
export function usePricingTexts(): PricingTexts {
  const { t } = useTranslation('public');
  const common = useTranslation('common').t;
  return {
    currentPlan: t('pricing.currentPlan'),
    changePlan: t('pricing.changePlan'),
    processing: t('pricing.processing'),
    loginRequired: t('pricing.loginRequired'),
    loginRequiredDescription: t('pricing.loginRequiredDescription'),
    taxIdInvalid: t('pricing.payment.taxIdInvalid'),
    messages: {
      error: t('pricing.errors.title'),
      portalError: t('pricing.errors.portal'),
      paymentError: t('pricing.errors.payment'),
      paymentErrorFallback: t('pricing.errors.paymentFallback'),
    },
    toast: { region: common('notifications'), close: common('close') },
  };
}
