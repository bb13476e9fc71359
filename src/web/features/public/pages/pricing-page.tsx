import { useTranslation } from 'react-i18next';
import { MODE_RESOLUTION, PLANS } from '#shared/catalogue';
import { PageHeader } from '#web/components/page-header';
import { jsonForScript } from '#web/lib/text-template';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { BillingToggle } from '../components/pricing/billing-toggle';
import { CreditPackages } from '../components/pricing/credit-packages';
import { PaymentMethodChoice } from '../components/pricing/payment-method-choice';
import { PlanCard } from '../components/pricing/plan-card';
import { PlanComparison } from '../components/pricing/plan-comparison';
import { PricingFaq } from '../components/pricing/pricing-faq';
import { TrustNotes } from '../components/pricing/trust-notes';
import { usePricingTexts } from '../components/pricing/use-pricing-texts';
import { useFormatters } from '../lib/format';

/**
 * `/pricing`: billing toggle, the four plans, comparison table, trust notes, credit packages and plan FAQ.
 * Prerendered; the pricing island runs the toggle and the plan buttons.
 */
export default function PricingPage() {
  const { t } = useTranslation('public');
  const { lengths } = useFormatters();
  const texts = usePricingTexts();
  useDocumentTitle(t('pricing.documentTitle'));
  return (
    <div data-island="pricing" data-period="monthly" className="group/pricing">
      <script
        type="application/json"
        data-pricing-texts
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data block, "<" escaped by jsonForScript
        dangerouslySetInnerHTML={{ __html: jsonForScript(texts) }}
      />
      <PageHeader
        title={t('pricing.title')}
        subtitle={t('pricing.subtitle', {
          seconds: lengths,
          fastResolution: MODE_RESOLUTION.fast,
          qualityResolution: MODE_RESOLUTION.quality,
        })}
        className="border-b-0"
      >
        <div className="mt-2 flex flex-col items-center gap-6">
          <BillingToggle />
          <PaymentMethodChoice />
        </div>
      </PageHeader>
      <div className="container-page flex flex-col gap-16 pb-20 sm:gap-20">
        <div className="flex flex-col gap-8">
          <ul className="grid gap-5 pt-3 sm:grid-cols-2 xl:-mx-4 xl:grid-cols-4">
            {PLANS.map((plan) => (
              <li key={plan.id}>
                <PlanCard plan={plan} />
              </li>
            ))}
          </ul>
          <TrustNotes />
        </div>
        <PlanComparison />
        <CreditPackages />
        <PricingFaq />
      </div>
    </div>
  );
}
