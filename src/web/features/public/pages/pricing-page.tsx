import { CreditCard, Lock, Users } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
import { isCurrentStatus } from '../../../../shared/subscription';
import { useDocumentTitle } from '../../../app/use-document-title';
import { CheckList } from '../../../components/check-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
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
import { openPendingTab } from '../../../lib/new-tab';
import type { Subscription } from '../../billing';
import { type FaqItemId, useFaqItems } from '../../faq';
import { ArrowLink } from '../components/arrow-link';
import { PageHeader } from '../components/page-header';
import { PlanRibbon } from '../components/plan-ribbon';
import { PriceTag } from '../components/price-tag';
import { ScrollTable } from '../components/scroll-table';
import { SectionHeading } from '../components/section-heading';
import { SuccessBadge } from '../components/success-badge';
import { formatBRLWhole, useFormatters } from '../lib/format';

const PRICING_FAQ: readonly FaqItemId[] = ['credits-expiry', 'plans-change', 'credits-refund'];

function BillingToggle({
  period,
  onChange,
}: {
  period: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const yearly = period === 'yearly';
  const label = (active: boolean) =>
    cn(
      'cursor-pointer rounded-md px-1 text-sm font-medium transition-colors select-none',
      active ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
    );
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="flex items-center gap-3">
        {/* The words also set the period on click; the switch is the one control for keyboards and readers. */}
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className={label(!yearly)}
          onClick={() => onChange('monthly')}
        >
          {t('pricing.billing.monthly')}
        </button>
        <button
          type="button"
          role="switch"
          aria-checked={yearly}
          aria-label={t('pricing.billing.toggle')}
          data-testid="billing-toggle"
          data-period={period}
          onClick={() => onChange(yearly ? 'monthly' : 'yearly')}
          className={cn(
            'relative inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            yearly ? 'bg-primary' : 'bg-input',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'block size-7 rounded-full bg-white shadow-sm transition-transform',
              yearly ? 'translate-x-6' : 'translate-x-0',
            )}
          />
        </button>
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className={label(yearly)}
          onClick={() => onChange('yearly')}
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

/** What the plan button does for the viewer (spec §4). */
type PlanButtonMode = 'current' | 'change' | 'subscribe';

function PlanCard({
  plan,
  period,
  mode,
  pending,
  busy,
  onSubscribe,
}: {
  plan: Plan;
  period: BillingPeriod;
  mode: PlanButtonMode;
  /** This card's request is running ('Processando...'). */
  pending: boolean;
  /** Another card's request is running. */
  busy: boolean;
  onSubscribe: (plan: Plan, period: BillingPeriod) => void;
}) {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const yearly = period === 'yearly';
  const highlighted = plan.isPopular;
  const features = [
    yearly
      ? t('pricing.features.creditsYearly', { credits: n(planCreditsPerInvoice(plan, period)) })
      : t('pricing.features.creditsMonthly', { credits: n(plan.credits) }),
    t('pricing.features.fast', { videos: n(planVideosPerInvoice(plan, period, 'fast')) }),
    t('pricing.features.quality', { videos: n(planVideosPerInvoice(plan, period, 'quality')) }),
    yearly
      ? t('pricing.features.expiryYearly', { months: n(YEARLY_PERIOD_MONTHS) })
      : t('pricing.features.expiryMonthly'),
    t('pricing.features.output', { seconds: n(VIDEO_LENGTH_SECONDS) }),
    t('pricing.features.refund'),
  ];

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
        <div className="flex flex-col gap-1">
          <PriceTag
            data-testid={`plan-price-${plan.id}`}
            price={
              yearly ? formatBRLWhole(yearlyMonthlyEquivalentCents(plan)) : formatBRL(plan.monthlyPriceCents)
            }
            suffix={t('shared.perMonth')}
          />
          <p className="text-sm text-muted-foreground">
            {yearly
              ? t('pricing.billedYearly', { price: formatBRL(plan.yearlyPriceCents) })
              : t('pricing.billedMonthly')}
          </p>
          <p
            className={cn(
              'min-h-5 text-sm font-medium whitespace-nowrap text-success xl:text-xs',
              !yearly && 'invisible',
            )}
            aria-hidden={!yearly}
          >
            {t('pricing.yearlySavings', { price: formatBRL(yearlySavingsCents(plan)) })}
          </p>
        </div>
        <CheckList items={features} className="gap-2.5" />
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          size="lg"
          variant={mode === 'current' ? 'secondary' : highlighted ? 'primary' : 'outline'}
          disabled={mode === 'current' || busy}
          loading={pending}
          data-testid={`plan-button-${plan.id}`}
          data-mode={mode}
          onClick={() => onSubscribe(plan, period)}
        >
          {pending
            ? t('pricing.processing')
            : mode === 'current'
              ? t('pricing.currentPlan')
              : mode === 'change'
                ? t('pricing.changePlan')
                : highlighted
                  ? t('pricing.startNow')
                  : t('pricing.subscribe', { plan: plan.name })}
        </Button>
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

function ComparisonTable({ period }: { period: BillingPeriod }) {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const periodLabel =
    period === 'yearly' ? t('pricing.comparison.periodYearly') : t('pricing.comparison.periodMonthly');
  const rows = [
    { label: t('pricing.comparison.monthlyCredits'), value: (plan: Plan) => n(plan.credits) },
    { label: t('pricing.comparison.fastVideos'), value: (plan: Plan) => n(plan.fastVideos) },
    { label: t('pricing.comparison.qualityVideos'), value: (plan: Plan) => n(plan.qualityVideos) },
    {
      label: t('pricing.comparison.pricePerFast'),
      value: (plan: Plan) => formatBRL(periodPricePerVideoCents(plan, 'fast', period)),
    },
    {
      label: t('pricing.comparison.pricePerQuality'),
      value: (plan: Plan) => formatBRL(periodPricePerVideoCents(plan, 'quality', period)),
    },
  ];
  return (
    <section aria-labelledby="comparison-title" className="flex flex-col gap-6">
      <SectionHeading id="comparison-title" title={t('pricing.comparison.title')} />
      <ScrollTable
        label={t('pricing.comparison.caption', { period: periodLabel })}
        tableClassName="min-w-[36rem]"
        data-testid="plan-comparison"
      >
        <TableCaption className="sr-only">
          {t('pricing.comparison.caption', { period: periodLabel })}
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
        {t('pricing.comparison.perMonthNote', { period: periodLabel })}{' '}
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
        <p className="text-sm text-muted-foreground">{t('pricing.packages.note')}</p>
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

type PricingViewer =
  | { kind: 'unknown' }
  | { kind: 'signed-out' }
  | { kind: 'signed-in'; subscription: Subscription | null };

/**
 * Who is looking at /pricing, without TanStack Query or the auth client in the page's JavaScript: after hydration a
 * small chunk asks `get-session` (no 401 for visitors) and then the subscription. Re-checked when the tab regains
 * focus (a checkout finished in another tab). Until known, a click waits for `detect()`.
 */
function usePricingViewer() {
  const [state, setState] = useState<PricingViewer>({ kind: 'unknown' });
  const inFlight = useRef<Promise<PricingViewer> | null>(null);

  const detect = useCallback((): Promise<PricingViewer> => {
    inFlight.current ??= import('../../billing')
      .then(({ getPricingSession }) => getPricingSession())
      .then(
        (session): PricingViewer =>
          session ? { kind: 'signed-in', subscription: session.subscription } : { kind: 'signed-out' },
        (): PricingViewer => ({ kind: 'signed-out' }),
      )
      .then((next) => {
        setState(next);
        return next;
      })
      .finally(() => {
        inFlight.current = null;
      });
    return inFlight.current;
  }, []);

  useEffect(() => {
    void detect();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void detect();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [detect]);

  return { state, detect };
}

/** `/pricing`: billing toggle, the four plans, comparison table, trust notes, credit packages and plan FAQ. */
export default function PricingPage() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const navigate = useNavigate();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  useDocumentTitle(t('pricing.documentTitle'));

  const viewer = usePricingViewer();
  const [pendingPlan, setPendingPlan] = useState<Plan['id'] | null>(null);

  const onSubscribe = async (plan: Plan, billingPeriod: BillingPeriod) => {
    if (pendingPlan) return;
    // Signed in and known: open the tab now, inside the click, so popup blockers let it through.
    let tab = viewer.state.kind === 'signed-in' ? openPendingTab() : null;
    setPendingPlan(plan.id);
    try {
      const state = viewer.state.kind === 'unknown' ? await viewer.detect() : viewer.state;
      if (state.kind !== 'signed-in') {
        // Checkout needs an account (spec §5): toast, then the sign-in page.
        const { toast } = await import('../../../components/ui/toaster');
        toast.error(t('pricing.loginRequired'), { description: t('pricing.loginRequiredDescription') });
        navigate('/auth/login');
        return;
      }
      tab ??= openPendingTab();
      const { runPlanAction } = await import('../../billing');
      await runPlanAction({
        planId: plan.id,
        billingPeriod,
        subscription: state.subscription,
        tab,
        messages: {
          error: t('pricing.errors.title'),
          portalError: t('pricing.errors.portal'),
          paymentError: t('pricing.errors.payment'),
          paymentErrorFallback: t('pricing.errors.paymentFallback'),
        },
      });
    } catch (error) {
      tab?.cancel();
      console.warn('[pricing] plan action failed', error);
    } finally {
      setPendingPlan(null);
    }
  };

  const modeFor = (plan: Plan): PlanButtonMode => {
    const subscription = viewer.state.kind === 'signed-in' ? viewer.state.subscription : null;
    if (!subscription || !isCurrentStatus(subscription.status)) {
      return 'subscribe';
    }
    return subscription.planId === plan.id && subscription.billingPeriod === period ? 'current' : 'change';
  };

  return (
    <>
      <PageHeader
        title={t('pricing.title')}
        subtitle={t('pricing.subtitle', { seconds: n(VIDEO_LENGTH_SECONDS) })}
        className="border-b-0"
      >
        <div className="mt-2">
          <BillingToggle period={period} onChange={setPeriod} />
        </div>
      </PageHeader>
      <div className="container-page flex flex-col gap-16 pb-20 sm:gap-20">
        <div className="flex flex-col gap-8">
          <ul className="grid gap-5 pt-3 sm:grid-cols-2 xl:-mx-4 xl:grid-cols-4">
            {PLANS.map((plan) => (
              <li key={plan.id}>
                <PlanCard
                  plan={plan}
                  period={period}
                  mode={modeFor(plan)}
                  pending={pendingPlan === plan.id}
                  busy={pendingPlan !== null && pendingPlan !== plan.id}
                  onSubscribe={(p, b) => void onSubscribe(p, b)}
                />
              </li>
            ))}
          </ul>
          <TrustNotes />
        </div>
        <ComparisonTable period={period} />
        <CreditPackages />
        <PricingFaq />
      </div>
    </>
  );
}
