import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { type FaqItemId, useFaqItems } from '#web/features/faq';
import { ArrowLink } from '../arrow-link';
import { SectionHeading } from '../section-heading';

const PRICING_FAQ: readonly FaqItemId[] = ['credits-expiry', 'plans-change', 'credits-refund'];

/** 'Dúvidas sobre planos': three questions of the FAQ and a link to the rest. */
export function PricingFaq() {
  const { t } = useTranslation('public');
  const items = useFaqItems(PRICING_FAQ);
  return (
    <section aria-labelledby="pricing-faq-title" className="flex flex-col gap-6">
      <SectionHeading id="pricing-faq-title" title={t('pricing.faq.title')} />
      <ul className="grid gap-4 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle className="text-base">{item.question}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground">
                  {item.answer}
                </p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <div className="flex justify-center">
        <ArrowLink to="/faq" variant="link" className="gap-1.5">
          {t('pricing.faq.more')}
        </ArrowLink>
      </div>
    </section>
  );
}
