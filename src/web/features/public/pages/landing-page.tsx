import {
  AudioLines,
  Braces,
  Clock,
  Film,
  ImagePlus,
  type LucideIcon,
  ScanEye,
  ShieldCheck,
  Smartphone,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ASPECT_RATIOS,
  catalogueYearlyFreeMonths,
  LANDING_CLAIMS,
  lowestPricePerVideoCents,
  MODE_RESOLUTION,
  NATIVE_ASPECT_RATIO,
  PLANS,
  planVideosPerInvoice,
  VIDEO_ESTIMATE_MINUTES,
} from '#shared/catalogue';
import { formatBRL } from '#shared/format';
import { DEFAULT_LANGUAGE, localizedModelLabel, parseLanguage } from '#shared/language';
import { SIGN_UP_PATH } from '#shared/routes';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { FaqDisclosureList, type FaqItemId, useFaqItems } from '#web/features/faq';
import { cn } from '#web/lib/cn';
import { usePublicConfig } from '#web/lib/public-config';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { ArrowLink } from '../components/arrow-link';
import { CtaBand } from '../components/cta-band';
import { HeroCarousel } from '../components/hero-carousel';
import { HowItWorksSteps } from '../components/how-it-works-steps';
import { PlanRibbon } from '../components/plan-ribbon';
import { PriceTag } from '../components/price-tag';
import { SectionHeading } from '../components/section-heading';
import { TrialClaim } from '../components/trial-claim';
import { useFormatters } from '../lib/format';

/** The portrait ratio of the catalogue (taller than wide): the format marketed for Reels, TikTok and Shorts. */
const VERTICAL_RATIO =
  ASPECT_RATIOS.find((ratio) => {
    const [width = 0, height = 0] = ratio.split(':').map(Number);
    return height > width;
  }) ?? NATIVE_ASPECT_RATIO;
const LANDING_FAQ: readonly FaqItemId[] = [
  'credits-cost',
  'videos-time',
  'credits-refund',
  'videos-audio-muted',
];

const FEATURES: readonly {
  key: 'textImage' | 'audio' | 'scene' | 'prompt' | 'hd' | 'vertical';
  icon: LucideIcon;
}[] = [
  { key: 'textImage', icon: ImagePlus },
  { key: 'audio', icon: AudioLines },
  { key: 'scene', icon: ScanEye },
  { key: 'prompt', icon: Braces },
  { key: 'hd', icon: Film },
  { key: 'vertical', icon: Smartphone },
];

function Hero() {
  const { t, i18n } = useTranslation('public');
  const { n, lengths } = useFormatters();
  const { videoModel } = usePublicConfig();
  const language = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const chips = [
    localizedModelLabel(videoModel, language),
    t('landing.chips.fast', { resolution: MODE_RESOLUTION.fast }),
    t('landing.chips.quality', { resolution: MODE_RESOLUTION.quality }),
    t('landing.chips.draft', { resolution: MODE_RESOLUTION.draft }),
  ];
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-linear-to-b from-primary-soft via-background to-background"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-primary/10 blur-3xl"
      />
      <div className="container-page relative grid items-center gap-10 py-10 sm:py-14 lg:grid-cols-2 lg:gap-12 lg:py-20">
        <div className="flex flex-col items-start gap-5">
          <Badge variant="secondary" className="px-3 py-1 text-sm">
            {t('landing.hero.eyebrow')}
          </Badge>
          <h1
            id="hero-title"
            className="text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl xl:text-[3.5rem]"
          >
            {t('landing.hero.title')}
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">
            {t('landing.hero.subtitle', {
              seconds: lengths,
              fastResolution: MODE_RESOLUTION.fast,
              qualityResolution: MODE_RESOLUTION.quality,
            })}
          </p>
          <ul aria-label={t('landing.hero.chipsLabel')} className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip}>
                <Badge variant="outline" className="bg-card px-3 py-1 text-sm">
                  {chip}
                </Badge>
              </li>
            ))}
          </ul>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <ArrowLink to={SIGN_UP_PATH} size="lg">
              {t('landing.hero.ctaPrimary')}
            </ArrowLink>
            <Button asChild size="lg" variant="outline">
              <Link to="/pricing">{t('landing.hero.ctaSecondary')}</Link>
            </Button>
          </div>
          <ul className="flex flex-col gap-2 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-x-5">
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4 text-primary" />
              {t('landing.hero.ready', {
                min: n(VIDEO_ESTIMATE_MINUTES.min),
                max: n(VIDEO_ESTIMATE_MINUTES.max),
              })}
            </li>
            <li className="flex items-center gap-2">
              <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
              {t('landing.hero.refund')}
            </li>
            <TrialClaim text="landing.hero.trial" />
          </ul>
        </div>
        <HeroCarousel />
      </div>
    </section>
  );
}

function Stats() {
  const { t } = useTranslation('public');
  const { n, decimal1 } = useFormatters();
  const stats = [
    {
      value: t('landing.stats.rating', {
        rating: decimal1(LANDING_CLAIMS.rating),
        outOf: n(LANDING_CLAIMS.ratingOutOf),
      }),
      label: t('landing.stats.ratingLabel'),
    },
    {
      value: t('landing.stats.videos', { value: LANDING_CLAIMS.videosCreated }),
      label: t('landing.stats.videosLabel'),
    },
    {
      value: t('landing.stats.users', { value: LANDING_CLAIMS.users }),
      label: t('landing.stats.usersLabel'),
    },
    {
      value: t('landing.stats.time', {
        min: n(VIDEO_ESTIMATE_MINUTES.min),
        max: n(VIDEO_ESTIMATE_MINUTES.max),
      }),
      label: t('landing.stats.timeLabel'),
    },
  ];
  return (
    <section aria-label={t('landing.stats.label')} className="border-y border-border bg-card">
      <dl className="container-page grid grid-cols-2 gap-x-4 gap-y-6 py-8 md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse items-center gap-1 text-center">
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Features() {
  const { t } = useTranslation('public');
  const { list, lengths } = useFormatters();
  const values = {
    seconds: lengths,
    fastResolution: MODE_RESOLUTION.fast,
    qualityResolution: MODE_RESOLUTION.quality,
    ratio: VERTICAL_RATIO,
    others: list(ASPECT_RATIOS.filter((ratio) => ratio !== VERTICAL_RATIO)),
  };
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-16 sm:py-24">
      <div className="container-page flex flex-col gap-10">
        <SectionHeading
          id="features-title"
          eyebrow={t('landing.features.eyebrow')}
          title={t('landing.features.title')}
          subtitle={t('landing.features.subtitle')}
        />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="flex flex-col gap-3 rounded-(--radius-card) border border-border bg-card p-6 shadow-xs transition-shadow hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="text-lg font-semibold tracking-tight">
                {t(`landing.features.${key}.title`, values)}
              </h3>
              <p className="text-sm leading-relaxed text-muted-foreground">
                {t(`landing.features.${key}.body`, values)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Steps() {
  const { t } = useTranslation('public');
  return (
    <section aria-labelledby="steps-title" className="border-y border-border bg-muted/60 py-16 sm:py-24">
      <div className="container-page flex flex-col gap-10">
        <SectionHeading
          id="steps-title"
          eyebrow={t('landing.steps.eyebrow')}
          title={t('landing.steps.title')}
        />
        <HowItWorksSteps />
        <div className="flex justify-center">
          <ArrowLink to="/how-it-works" variant="outline">
            {t('landing.steps.more')}
          </ArrowLink>
        </div>
      </div>
    </section>
  );
}

function PricingPreview() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 py-16 sm:py-24">
      <div className="container-page flex flex-col gap-10">
        <SectionHeading
          id="pricing-title"
          eyebrow={t('landing.pricing.eyebrow')}
          title={t('landing.pricing.title')}
          subtitle={t('landing.pricing.subtitle', {
            price: formatBRL(lowestPricePerVideoCents('fast')),
            months: n(catalogueYearlyFreeMonths()),
          })}
        />
        <ul className="grid gap-5 pt-3 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => {
            const highlighted = plan.isPopular;
            return (
              <li
                key={plan.id}
                className={cn(
                  'relative flex flex-col gap-3 rounded-(--radius-card) border bg-card p-6 pt-7 shadow-xs',
                  highlighted ? 'border-primary ring-1 ring-primary' : 'border-border',
                )}
              >
                <PlanRibbon plan={plan} />
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                <PriceTag size="md" price={formatBRL(plan.monthlyPriceCents)} suffix={t('shared.perMonth')} />
                <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
                  <li className="font-medium text-foreground">
                    {t('landing.pricing.credits', { credits: n(plan.credits) })}
                  </li>
                  <li>
                    {t('landing.pricing.videos', {
                      fast: n(planVideosPerInvoice(plan, 'monthly', 'fast')),
                      quality: n(planVideosPerInvoice(plan, 'monthly', 'quality')),
                    })}
                  </li>
                </ul>
              </li>
            );
          })}
        </ul>
        <div className="flex justify-center">
          <ArrowLink to="/pricing" size="lg">
            {t('landing.pricing.cta')}
          </ArrowLink>
        </div>
      </div>
    </section>
  );
}

function FaqPreview() {
  const { t } = useTranslation('public');
  const items = useFaqItems(LANDING_FAQ);
  return (
    <section
      id="faq"
      aria-labelledby="faq-title"
      className="scroll-mt-20 border-t border-border bg-card py-16 sm:py-24"
    >
      <div className="container-page flex max-w-3xl flex-col gap-8">
        <SectionHeading id="faq-title" eyebrow={t('landing.faq.eyebrow')} title={t('landing.faq.title')} />
        <FaqDisclosureList
          items={items}
          name="landing-faq"
          className="divide-y divide-border border-y border-border"
        />
        <div className="flex justify-center">
          <ArrowLink to="/faq" variant="outline">
            {t('landing.faq.more')}
          </ArrowLink>
        </div>
      </div>
    </section>
  );
}

function FinalCta() {
  const { t } = useTranslation('public');
  return (
    <section aria-labelledby="cta-title" className="py-16 sm:py-20">
      <div className="container-page">
        <CtaBand
          as="div"
          titleId="cta-title"
          title={t('landing.cta.title')}
          subtitle={t('landing.cta.subtitle')}
          to={SIGN_UP_PATH}
          cta={t('landing.cta.button')}
          className="gap-5 shadow-lg"
          titleClassName="max-w-2xl"
        />
      </div>
    </section>
  );
}

/** `/`: hero with the sample-video carousel, claims, features, steps, plans, FAQ and a closing call to action. */
export default function LandingPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('landing.documentTitle'));
  return (
    <>
      <Hero />
      <Stats />
      <Features />
      <Steps />
      <PricingPreview />
      <FaqPreview />
      <FinalCta />
    </>
  );
}
