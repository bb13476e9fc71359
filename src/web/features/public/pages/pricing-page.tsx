import { CreditCard, Lock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BillingPeriod,
  CREDIT_PACKAGES,
  catalogueYearlyDiscountPercent,
  catalogueYearlyFreeMonths,
  LANDING_CLAIMS,
  PACKAGE_CREDIT_VALIDITY_DAYS,
  PLANS,
  type Plan,
  periodPricePerVideoCents,
  planCreditsPerInvoice,
  planVideosPerInvoice,
  pricePerCreditCents,
  VIDEO_COST_CREDITS,
  VIDEO_LENGTH_SECONDS,
  YEARLY_PERIOD_MONTHS,
  yearlyMonthlyEquivalentCents,
  yearlySavingsCents,
} from '../../../../shared/catalogue';
import { formatBRL, formatDecimal2 } from '../../../../shared/format';
import { CheckList } from '../../../components/check-list';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { buttonClassName } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import {
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { jsonForScript } from '../../../lib/text-template';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type FaqItemId, useFaqItems } from '../../faq';
import { ArrowLink } from '../components/arrow-link';
import { PlanRibbon } from '../components/plan-ribbon';
import { PriceTag } from '../components/price-tag';
import { ScrollTable } from '../components/scroll-table';
import { SectionHeading } from '../components/section-heading';
import { SuccessBadge } from '../components/success-badge';
import { BalanceSlot, signedInOnly, signedOutOnly } from '../components/viewer-slots';
import type { PricingTexts } from '../islands/pricing';
import { formatBRLWhole, useFormatters } from '../lib/format';

const PRICING_FAQ: readonly FaqItemId[] = ['credits-expiry', 'plans-change', 'credits-refund'];

/**
 * Both billing periods are prerendered; `data-period` on the pricing page's root (set by the pricing island) shows
 * one of them (styles.css). Without JavaScript the monthly prices show.
 */
function ByPeriod({ monthly, yearly }: { monthly: ReactNode; yearly: ReactNode }) {
  return (
    <>
      <span data-show-period="monthly">{monthly}</span>
      <span data-show-period="yearly">{yearly}</span>
    </>
  );
}

function BillingToggle() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const label = (period: BillingPeriod) =>
    cn(
      'cursor-pointer rounded-md px-1 text-sm font-medium text-muted-foreground transition-colors select-none hover:text-foreground',
      period === 'monthly'
        ? 'group-data-[period=monthly]/pricing:text-foreground'
        : 'group-data-[period=yearly]/pricing:text-foreground',
    );
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="flex items-center gap-3">
        {/* The words also set the period on click; the switch is the one control for keyboards and readers. */}
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className={label('monthly')}
          data-period-choice="monthly"
        >
          {t('pricing.billing.monthly')}
        </button>
        <button
          type="button"
          role="switch"
          aria-checked={false}
          aria-label={t('pricing.billing.toggle')}
          data-testid="billing-toggle"
          data-billing-toggle
          data-period="monthly"
          className={cn(
            'group relative inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors aria-checked:bg-primary',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          )}
        >
          <span
            aria-hidden="true"
            className="block size-7 translate-x-0 rounded-full bg-white shadow-sm transition-transform group-aria-checked:translate-x-6"
          />
        </button>
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className={label('yearly')}
          data-period-choice="yearly"
        >
          {t('pricing.billing.yearly')}
        </button>
      </div>
      <p className="flex items-center gap-2 text-sm">
        <SuccessBadge>
          {t('pricing.billing.freeMonths', { months: n(catalogueYearlyFreeMonths()) })}
        </SuccessBadge>
        <Badge variant="secondary">
          {t('pricing.billing.discount', { percent: n(catalogueYearlyDiscountPercent()) })}
        </Badge>
      </p>
    </div>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const highlighted = plan.isPopular;
  const features = [
    <ByPeriod
      key="credits"
      monthly={t('pricing.features.creditsMonthly', { credits: n(plan.credits) })}
      yearly={t('pricing.features.creditsYearly', { credits: n(planCreditsPerInvoice(plan, 'yearly')) })}
    />,
    <ByPeriod
      key="fast"
      monthly={t('pricing.features.fast', { videos: n(planVideosPerInvoice(plan, 'monthly', 'fast')) })}
      yearly={t('pricing.features.fast', { videos: n(planVideosPerInvoice(plan, 'yearly', 'fast')) })}
    />,
    <ByPeriod
      key="quality"
      monthly={t('pricing.features.quality', {
        videos: n(planVideosPerInvoice(plan, 'monthly', 'quality')),
      })}
      yearly={t('pricing.features.quality', { videos: n(planVideosPerInvoice(plan, 'yearly', 'quality')) })}
    />,
    <ByPeriod
      key="expiry"
      monthly={t('pricing.features.expiryMonthly')}
      yearly={t('pricing.features.expiryYearly', { months: n(YEARLY_PERIOD_MONTHS) })}
    />,
    t('pricing.features.output', { seconds: n(VIDEO_LENGTH_SECONDS) }),
    t('pricing.features.refund'),
  ];
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

function TrustNotes() {
  const { t } = useTranslation('public');
  const notes = [
    { icon: Lock, text: t('pricing.trust.ssl') },
    { icon: CreditCard, text: t('pricing.trust.stripe') },
    { icon: Users, text: t('pricing.trust.users', { value: LANDING_CLAIMS.users }) },
  ];
  return (
    <ul
      aria-label={t('pricing.trust.label')}
      className="flex flex-col items-center justify-center gap-3 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-8"
    >
      {notes.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-4 text-success" />
          {text}
        </li>
      ))}
    </ul>
  );
}

function ComparisonTable() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const byPeriod = (text: (period: string) => string) => (
    <ByPeriod
      monthly={text(t('pricing.comparison.periodMonthly'))}
      yearly={text(t('pricing.comparison.periodYearly'))}
    />
  );
  const pricePerVideo = (plan: Plan, quality: 'fast' | 'quality') => (
    <ByPeriod
      monthly={formatBRL(periodPricePerVideoCents(plan, quality, 'monthly'))}
      yearly={formatBRL(periodPricePerVideoCents(plan, quality, 'yearly'))}
    />
  );
  const rows = [
    { label: t('pricing.comparison.monthlyCredits'), value: (plan: Plan) => n(plan.credits) },
    { label: t('pricing.comparison.fastVideos'), value: (plan: Plan) => n(plan.fastVideos) },
    { label: t('pricing.comparison.qualityVideos'), value: (plan: Plan) => n(plan.qualityVideos) },
    {
      label: t('pricing.comparison.pricePerFast'),
      value: (plan: Plan) => pricePerVideo(plan, 'fast'),
    },
    {
      label: t('pricing.comparison.pricePerQuality'),
      value: (plan: Plan) => pricePerVideo(plan, 'quality'),
    },
  ];
  return (
    <section aria-labelledby="comparison-title" className="flex flex-col gap-6">
      <SectionHeading id="comparison-title" title={t('pricing.comparison.title')} />
      <ScrollTable
        label={t('pricing.comparison.title')}
        tableClassName="min-w-[36rem]"
        data-testid="plan-comparison"
      >
        <TableCaption className="sr-only">
          {byPeriod((period) => t('pricing.comparison.caption', { period }))}
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead className="sticky left-0 z-10 bg-card pl-4 sm:pl-6">
              {t('pricing.comparison.feature')}
            </TableHead>
            {PLANS.map((plan) => (
              <TableHead
                key={plan.id}
                className={cn(
                  'text-right last:pr-4 sm:last:pr-6',
                  plan.isPopular ? 'text-primary' : 'text-foreground',
                )}
              >
                {plan.name}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableHead
                scope="row"
                className="sticky left-0 z-10 bg-card pl-4 font-medium text-foreground sm:pl-6"
              >
                {row.label}
              </TableHead>
              {PLANS.map((plan) => (
                <TableCell
                  key={plan.id}
                  className="text-right whitespace-nowrap tabular-nums last:pr-4 sm:last:pr-6"
                >
                  {row.value(plan)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
      <p className="text-center text-sm text-muted-foreground">
        {byPeriod((period) => t('pricing.comparison.perMonthNote', { period }))}{' '}
        {t('pricing.costNote', { fast: n(VIDEO_COST_CREDITS.fast), quality: n(VIDEO_COST_CREDITS.quality) })}
      </p>
    </section>
  );
}

function CreditPackages() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const days = n(PACKAGE_CREDIT_VALIDITY_DAYS);
  return (
    <section aria-labelledby="packages-title" className="flex flex-col gap-6">
      <SectionHeading
        id="packages-title"
        title={t('pricing.packages.title')}
        subtitle={t('pricing.packages.subtitle', { days })}
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CREDIT_PACKAGES.map((pkg) => (
          <li
            key={pkg.id}
            className={cn(
              'flex flex-col gap-2 rounded-(--radius-card) border bg-card p-5 shadow-xs',
              pkg.isPopular ? 'border-primary ring-1 ring-primary' : 'border-border',
            )}
          >
            <div className="flex min-h-6 flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{t('pricing.packages.credits', { credits: n(pkg.credits) })}</h3>
              {pkg.isPopular ? <Badge>{t('shared.badges.popular')}</Badge> : null}
            </div>
            <p className="text-2xl font-bold tracking-tight">{formatBRL(pkg.priceCents)}</p>
            <p className="text-sm text-muted-foreground">
              {t('pricing.packages.perCredit', { price: formatDecimal2(pricePerCreditCents(pkg)) })}
            </p>
            <div className="mt-auto flex flex-wrap gap-2 pt-1">
              {pkg.discountPercent > 0 ? (
                <SuccessBadge>
                  {t('pricing.packages.discount', { percent: n(pkg.discountPercent) })}
                </SuccessBadge>
              ) : null}
              <Badge variant="outline">{t('pricing.packages.validity', { days })}</Badge>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2 text-center">
        <ArrowLink to="/dashboard/buy-credits" variant="outline">
          {t('pricing.packages.cta')}
        </ArrowLink>
        <p className="text-sm text-muted-foreground" {...signedOutOnly}>
          {t('pricing.packages.note')}
        </p>
        <SignedInPackagesNote />
      </div>
    </section>
  );
}

function PricingFaq() {
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

/** For a signed-in viewer the sign-in hint makes no sense: their balance, which a package adds to. */
function SignedInPackagesNote() {
  const { t } = useTranslation('public');
  const BALANCE = '\u0000';
  const [before, after] = t('pricing.packages.noteSignedIn', { balance: BALANCE }).split(BALANCE);
  return (
    <p className="text-sm text-muted-foreground" {...signedInOnly}>
      {before}
      <BalanceSlot className="font-medium text-foreground" />
      {after}
    </p>
  );
}

function usePricingTexts(): PricingTexts {
  const { t } = useTranslation('public');
  const common = useTranslation('common').t;
  return {
    currentPlan: t('pricing.currentPlan'),
    changePlan: t('pricing.changePlan'),
    processing: t('pricing.processing'),
    loginRequired: t('pricing.loginRequired'),
    loginRequiredDescription: t('pricing.loginRequiredDescription'),
    messages: {
      error: t('pricing.errors.title'),
      portalError: t('pricing.errors.portal'),
      paymentError: t('pricing.errors.payment'),
      paymentErrorFallback: t('pricing.errors.paymentFallback'),
    },
    toast: { region: common('notifications'), close: common('close') },
  };
}

/**
 * `/pricing`: billing toggle, the four plans, comparison table, trust notes, credit packages and plan FAQ.
 * Prerendered; the pricing island runs the toggle and the plan buttons.
 */
export default function PricingPage() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
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
        subtitle={t('pricing.subtitle', { seconds: n(VIDEO_LENGTH_SECONDS) })}
        className="border-b-0"
      >
        <div className="mt-2">
          <BillingToggle />
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
        <ComparisonTable />
        <CreditPackages />
        <PricingFaq />
      </div>
    </div>
  );
}
