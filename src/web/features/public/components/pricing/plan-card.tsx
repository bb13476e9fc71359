import { useTranslation } from 'react-i18next';
import {
  type Plan,
  planCreditsPerInvoice,
  VIDEO_QUALITIES,
  type VideoQuality,
  YEARLY_PERIOD_MONTHS,
  yearlyMonthlyEquivalentCents,
  yearlySavingsCents,
} from '#shared/catalogue';
import { formatBRL } from '#shared/format';
import { type ModeFigures, planModeFigures } from '#shared/mode-figures';
import { CheckList } from '#web/components/check-list';
import { buttonClassName } from '#web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card';
import { cn } from '#web/lib/cn';
import { formatBRLWhole, useFormatters } from '../../lib/format';
import { PlanRibbon } from '../plan-ribbon';
import { PriceTag } from '../price-tag';
import { ByPeriod } from './by-period';

/** What a plan gives, in both billing periods; each mode's videos at the default and the longest length. */
function usePlanFeatures(plan: Plan) {
  const { t } = useTranslation('public');
  const { n, lengths } = useFormatters();
  const modeLine = (figures: ModeFigures[], quality: VideoQuality) => {
    const figure = figures.find((item) => item.quality === quality);
    const [base, longest] = figure?.lengths ?? [];
    return t(longest ? 'pricing.features.modeLengths' : 'pricing.features.mode', {
      mode: t(`pricing.features.modes.${quality}`),
      resolution: figure?.resolution ?? '',
      videos: n(base?.videos ?? 0),
      seconds: n(base?.seconds ?? 0),
      longestVideos: n(longest?.videos ?? 0),
      longestSeconds: n(longest?.seconds ?? 0),
    });
  };
  return [
    <ByPeriod
      key="credits"
      monthly={t('pricing.features.creditsMonthly', { credits: n(plan.credits) })}
      yearly={t('pricing.features.creditsYearly', { credits: n(planCreditsPerInvoice(plan, 'yearly')) })}
    />,
    ...VIDEO_QUALITIES.map((quality) => (
      <ByPeriod
        key={quality}
        monthly={modeLine(planModeFigures(plan, 'monthly'), quality)}
        yearly={modeLine(planModeFigures(plan, 'yearly'), quality)}
      />
    )),
    <ByPeriod
      key="expiry"
      monthly={t('pricing.features.expiryMonthly')}
      yearly={t('pricing.features.expiryYearly', { months: n(YEARLY_PERIOD_MONTHS) })}
    />,
    t('pricing.features.output', { seconds: lengths }),
    t('pricing.features.refund'),
  ];
}

/** One plan: its prices in both periods, what it gives and the button the pricing island runs. */
export function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation('public');
  const features = usePlanFeatures(plan);
  const highlighted = plan.isPopular;
  const buttonClass = (variant: 'primary' | 'outline' | 'secondary') =>
    buttonClassName({ variant, size: 'lg', className: 'w-full' });

  return (
    <Card
      className={cn(
        'relative h-full',
        highlighted && 'border-primary shadow-lg ring-1 shadow-primary/10 ring-primary',
      )}
    >
      <PlanRibbon plan={plan} />
      <CardHeader className="gap-2 pt-7 sm:pt-8">
        <CardTitle as="h2" className="text-xl">
          {plan.name}
        </CardTitle>
        <CardDescription className="min-h-10">{t(`shared.plans.${plan.id}`)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-1" data-testid={`plan-price-${plan.id}`}>
          <PriceTag
            data-show-period="monthly"
            price={formatBRL(plan.monthlyPriceCents)}
            suffix={t('shared.perMonth')}
          />
          <PriceTag
            data-show-period="yearly"
            price={formatBRLWhole(yearlyMonthlyEquivalentCents(plan))}
            suffix={t('shared.perMonth')}
          />
          <p className="text-sm text-muted-foreground">
            <ByPeriod
              monthly={t('pricing.billedMonthly')}
              yearly={t('pricing.billedYearly', { price: formatBRL(plan.yearlyPriceCents) })}
            />
          </p>
          <p className="min-h-5 text-sm font-medium whitespace-nowrap text-success xl:text-xs">
            <span data-show-period="yearly">
              {t('pricing.yearlySavings', { price: formatBRL(yearlySavingsCents(plan)) })}
            </span>
          </p>
        </div>
        <CheckList items={features} className="gap-2.5" />
      </CardContent>
      <CardFooter>
        <button
          type="button"
          className={buttonClass(highlighted ? 'primary' : 'outline')}
          data-plan-button
          data-plan-id={plan.id}
          data-current-class={buttonClass('secondary')}
          data-testid={`plan-button-${plan.id}`}
          data-mode="subscribe"
        >
          <span data-plan-label>
            {highlighted ? t('pricing.startNow') : t('pricing.subscribe', { plan: plan.name })}
          </span>
        </button>
      </CardFooter>
    </Card>
  );
}
