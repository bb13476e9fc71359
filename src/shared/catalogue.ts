/**
 * The single source of Cena's business constants (spec §9). Server and web both import from here;
 * every figure shown to a user (prices, per-video costs, discounts) is derived from these tables.
 * Money is integer cents (BRL), credits are integers.
 */

/** Cena's modes (design §5, ADR 0033): Rascunho (draft, 360p), Fast (720p), Quality (1080p, or a 4K master). */
export const VIDEO_QUALITIES = ['draft', 'fast', 'quality'] as const;
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];
/** The modes that have a model of their own in the configuration; a draft runs on the Fast mode's model. */
export const MODEL_MODES = ['fast', 'quality'] as const;
export type ModelMode = (typeof MODEL_MODES)[number];
export function modelModeOf(quality: VideoQuality): ModelMode {
  return quality === 'draft' ? 'fast' : quality;
}

/**
 * Credits of one 8-second video per mode (spec §9 for Fast and Quality). Rascunho: Google bills 360p at about a
 * third of 720p per second ($0.023 against $0.070, PROVIDER_TENTHS_OF_CENT_PER_SECOND in provider-prices.ts), so a
 * draft is priced at a third of Fast rounded up to whole credits: ceil(10 / 3) = 4 (ADR 0033). Four drafts (16)
 * cost less than two Fast videos (20).
 */
export const VIDEO_COST_CREDITS: Record<VideoQuality, number> = { draft: 4, fast: 10, quality: 25 };

/**
 * Quality at 4K: Google bills 4k at about twice 1080p per second ($0.209 against $0.104, provider-prices.ts), so the
 * 4K master's 8-second price is twice Quality's (ADR 0033).
 */
const QUALITY_4K_COST_CREDITS = 2 * VIDEO_COST_CREDITS.quality;

/** What the creator may ask for on top of a mode: Quality's master resolution. */
export const MASTER_RESOLUTIONS = ['1080p', '4k'] as const;
export type MasterResolution = (typeof MASTER_RESOLUTIONS)[number];

/** The credits of one 8-second video of a mode, at 4K when Quality's master is 4K. */
function eightSecondPrice(quality: VideoQuality, resolution: MasterResolution | null | undefined): number {
  return quality === 'quality' && resolution === '4k' ? QUALITY_4K_COST_CREDITS : VIDEO_COST_CREDITS[quality];
}

/**
 * The credits one request costs — the single formula the server holds, the create page shows and the pages
 * derive from (ADR 0033): the mode's 8-second price scaled by the second and rounded up,
 * ceil(price8 × seconds / 8), so 8 s keeps the specification's prices and 5 s Fast costs ceil(50 / 8) = 7.
 */
export function requestCredits(request: {
  quality: VideoQuality;
  clipSeconds?: number | null | undefined;
  resolution?: MasterResolution | null | undefined;
}): number {
  const seconds = request.clipSeconds ?? VIDEO_LENGTH_SECONDS;
  return Math.ceil((eightSecondPrice(request.quality, request.resolution) * seconds) / VIDEO_LENGTH_SECONDS);
}

/** Typical generation time per mode, in minutes (spec §9). The confirmation page quotes the union: 2–10. */
export const VIDEO_DURATION_MINUTES: Record<VideoQuality, { min: number; max: number }> = {
  draft: { min: 2, max: 5 },
  fast: { min: 2, max: 5 },
  quality: { min: 5, max: 10 },
};
export const VIDEO_ESTIMATE_MINUTES = { min: 2, max: 10 } as const;

/** The default clip length, the length the 8-second prices are for (spec §9); the creator may pick another. */
export const VIDEO_LENGTH_SECONDS = 8;

/**
 * What each mode delivers (design §5, ADR 0033): Rascunho 360p, Fast 720p, Quality 1080p (or a 4K master), at every
 * ratio. A page names the mode's own.
 */
export const MODE_RESOLUTION = { draft: '360p', fast: '720p', quality: '1080p' } as const satisfies Record<
  VideoQuality,
  string
>;

export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
/** The native ratio; any other ratio is reframed and loses resolution (spec §1). */
export const NATIVE_ASPECT_RATIO: AspectRatio = '16:9';

export const PROMPT_MIN_LENGTH = 10;
export const SEED_MIN = 10000;
export const SEED_MAX = 99999;
export const REFERENCE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const REFERENCE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PLAN_IDS = ['starter', 'creator', 'pro', 'studio'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type BillingPeriod = 'monthly' | 'yearly';

export interface Plan {
  id: PlanId;
  name: string;
  monthlyPriceCents: number;
  yearlyPriceCents: number;
  /**
   * Credits granted per monthly period; a yearly invoice grants 12× this (design §4). The videos they buy are
   * derived from the prices (planVideosPerInvoice, src/shared/mode-figures.ts), never written here.
   */
  credits: number;
  isPopular: boolean;
  isBestValue: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPriceCents: 9990,
    yearlyPriceCents: 99000,
    credits: 100,
    isPopular: false,
    isBestValue: false,
  },
  {
    id: 'creator',
    name: 'Creator',
    monthlyPriceCents: 31990,
    yearlyPriceCents: 319900,
    credits: 350,
    isPopular: true,
    isBestValue: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyPriceCents: 59990,
    yearlyPriceCents: 599900,
    credits: 700,
    isPopular: false,
    isBestValue: false,
  },
  {
    id: 'studio',
    name: 'Studio',
    monthlyPriceCents: 109990,
    yearlyPriceCents: 1099900,
    credits: 1500,
    isPopular: false,
    isBestValue: true,
  },
];

export const PACKAGE_IDS = ['small', 'medium', 'large', 'xlarge'] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

export interface CreditPackage {
  id: PackageId;
  credits: number;
  priceCents: number;
  isPopular: boolean;
}

export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  { id: 'small', credits: 100, priceCents: 10990, isPopular: false },
  { id: 'medium', credits: 350, priceCents: 35990, isPopular: true },
  { id: 'large', credits: 700, priceCents: 65990, isPopular: false },
  { id: 'xlarge', credits: 1500, priceCents: 119990, isPopular: false },
];

/**
 * The package every discount is measured against: the smallest, whose per-credit price the pricing page shows
 * beside each package (ADR 0029: the spec's 15/25/35 % are not what the prices give, CDC art. 37).
 */
export function discountBasePackage(packages: readonly CreditPackage[] = CREDIT_PACKAGES): CreditPackage {
  return packages.reduce((smallest, pkg) => (pkg.credits < smallest.credits ? pkg : smallest));
}

/**
 * A package's saving per credit against the base package, in whole percent rounded down so a page never claims
 * more than the prices give (ADR 0029).
 */
export function packageDiscountPercent(
  pkg: CreditPackage,
  packages: readonly CreditPackage[] = CREDIT_PACKAGES,
): number {
  const base = discountBasePackage(packages);
  const saving = 1 - pkg.priceCents / pkg.credits / (base.priceCents / base.credits);
  return Math.max(0, Math.floor(saving * 100 + 1e-9));
}

/** How long credits stay valid (spec §9, design §3). */
export const PACKAGE_CREDIT_VALIDITY_DAYS = 30;
export const PLAN_CREDIT_FALLBACK_VALIDITY_DAYS = 30;
export const REFUND_GRANT_VALIDITY_DAYS = 7;
export const EXPIRING_SOON_WINDOW_DAYS = 7;

/**
 * The free first video (ADR 0040): a confirmed new account's trial grant is one 8-second Fast video, valid for a
 * week; once per person (per confirmed e-mail, and limited per network address and device).
 */
export const TRIAL_CREDITS = VIDEO_COST_CREDITS.fast;
export const TRIAL_VALIDITY_DAYS = 7;

/**
 * Trials count people (ADR 0047): the per-address-block and per-device limits (TRIAL_PER_ADDRESS_PER_DAY,
 * TRIAL_PER_DEVICE_PER_DAY) count the trials of the last TRIAL_NETWORK_WINDOW_DAYS; a domain that is not a public
 * mailbox provider (a company's, or a catch-all answering for any address) gets TRIAL_PER_PRIVATE_DOMAIN trials per
 * TRIAL_DOMAIN_WINDOW_DAYS. The hashes these count are erased after the longest window.
 */
export const TRIAL_NETWORK_WINDOW_DAYS = 1;
export const TRIAL_DOMAIN_WINDOW_DAYS = 30;
export const TRIAL_PER_PRIVATE_DOMAIN = 1;
export const TRIAL_SIGNAL_RETENTION_DAYS = Math.max(TRIAL_NETWORK_WINDOW_DAYS, TRIAL_DOMAIN_WINDOW_DAYS);

/**
 * Invite a friend (ADR 0040): when an invited account makes its first paid purchase, the inviter gets two Fast
 * videos and the invitee one, valid for as long as a package's credits (30 days), once that purchase can no longer
 * be withdrawn (ADR 0046); a refund or dispute of that purchase takes them back.
 */
export const INVITE_INVITER_CREDITS = 2 * VIDEO_COST_CREDITS.fast;
export const INVITE_INVITEE_CREDITS = VIDEO_COST_CREDITS.fast;
export const INVITE_CREDIT_VALIDITY_DAYS = 30;
/**
 * How many invited accounts may earn an inviter's reward (ADR 0046): in any 24 hours (one more waits for the next
 * free slot) and ever (past it, an invite does not count). A person brings a few paying friends, not hundreds.
 */
export const INVITE_REWARDS_PER_INVITER_PER_DAY = 5;
export const INVITE_REWARDS_PER_INVITER_TOTAL = 20;

export const LIMITS = {
  subscriptionCheckThrottleMs: 30_000,
  /** Reconcile lists the customer's payments at the provider: once per user per 10 s. */
  reconcileThrottleMs: 10_000,
  carouselIntervalMs: 7_000,
  adminCheckAttempts: 3,
  adminCheckPauseMs: 500,
  tokenRefreshBackoffStartMs: 200,
  recentActivityItems: 5,
  transactionsShown: 10,
  historyPageSize: 10,
  historyPagerButtons: 5,
  mobileBreakpointPx: 768,
  promptTruncateChars: 50,
  recentSignupsWindowDays: 30,
  /** Web Push devices kept per account; a new one past it drops the oldest (ADR 0048). */
  pushDevicesPerUser: 10,
} as const;

/** Privacy policy figures (spec §9). */
export const RETENTION = {
  videoHistoryYears: 2,
  systemLogsDays: 90,
  paymentDataYears: 5,
  dataRightsResponseDays: 15,
  breachNotificationHours: 72,
  supportReplyHours: 24,
  minimumAge: 18,
} as const;

/** Landing-page claims (spec §1). */
export const LANDING_CLAIMS = {
  rating: 4.8,
  ratingOutOf: 5,
  videosCreated: '5K',
  users: '5K',
  sampleVideos: 5,
} as const;

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export function findPackage(id: string): CreditPackage | undefined {
  return CREDIT_PACKAGES.find((pkg) => pkg.id === id);
}

/** Yearly price shown per month: yearly / 12 rounded to whole reais (spec §9). */
export function yearlyMonthlyEquivalentCents(plan: Plan): number {
  return Math.round(plan.yearlyPriceCents / 12 / 100) * 100;
}

/** Saving of the yearly plan against twelve monthly payments, in whole percent (~17%). */
export function yearlyDiscountPercent(plan: Plan): number {
  return Math.round((1 - plan.yearlyPriceCents / (plan.monthlyPriceCents * 12)) * 100);
}

export function planPriceCents(plan: Plan, period: BillingPeriod): number {
  return period === 'monthly' ? plan.monthlyPriceCents : plan.yearlyPriceCents;
}

/** Credits one paid invoice of this plan grants: yearly grants twelve months at once (design §4). */
export function planCreditsPerInvoice(plan: Plan, period: BillingPeriod): number {
  return period === 'monthly' ? plan.credits : plan.credits * 12;
}

/** Price of one video of the given quality on the monthly plan, in cents, rounded half up. */
export function pricePerVideoCents(plan: Plan, quality: ModelMode): number {
  return Math.round(plan.monthlyPriceCents / planVideosPerInvoice(plan, 'monthly', quality));
}

/** Price of one credit in cents with fractions kept, for display with 2 decimals. */
export function pricePerCreditCents(pkg: CreditPackage): number {
  return pkg.priceCents / pkg.credits;
}

/** Months a yearly plan period lasts; yearly plan credits stay valid until its end (design §4). */
export const YEARLY_PERIOD_MONTHS = 12;

/** Months of a year of monthly payments a yearly plan saves, rounded ("2 meses grátis"). */
export function yearlyFreeMonths(plan: Plan): number {
  return Math.round(YEARLY_PERIOD_MONTHS - plan.yearlyPriceCents / plan.monthlyPriceCents);
}

/** The yearly saving every plan offers at least, in whole percent: what a catalogue-wide "-17%" label may claim. */
export function catalogueYearlyDiscountPercent(plans: readonly Plan[] = PLANS): number {
  return Math.min(...plans.map(yearlyDiscountPercent));
}

/** Free months every plan offers at least on the yearly period: what a catalogue-wide label may claim. */
export function catalogueYearlyFreeMonths(plans: readonly Plan[] = PLANS): number {
  return Math.min(...plans.map(yearlyFreeMonths));
}

/**
 * Whole 8-second videos of a mode one paid invoice of this plan pays for: the month's credits over the video's
 * price (spec §9's 10 Fast / 4 Quality for Starter), ×12 for yearly.
 */
export function planVideosPerInvoice(plan: Plan, period: BillingPeriod, quality: VideoQuality): number {
  const perMonth = Math.floor(plan.credits / requestCredits({ quality }));
  return period === 'monthly' ? perMonth : perMonth * YEARLY_PERIOD_MONTHS;
}

/** Price of one video of the given quality on the given billing period, in cents, rounded half up. */
export function periodPricePerVideoCents(plan: Plan, quality: ModelMode, period: BillingPeriod): number {
  return Math.round(planPriceCents(plan, period) / planVideosPerInvoice(plan, period, quality));
}

/** The lowest price of one video of the given quality across the plans and periods, in cents. */
export function lowestPricePerVideoCents(quality: ModelMode, plans: readonly Plan[] = PLANS): number {
  return Math.min(
    ...plans.flatMap((plan) => [
      periodPricePerVideoCents(plan, quality, 'monthly'),
      periodPricePerVideoCents(plan, quality, 'yearly'),
    ]),
  );
}

/** Reference image size limit in whole megabytes, as the texts state it. */
export function referenceImageMaxMegabytes(): number {
  return Math.floor(REFERENCE_IMAGE_MAX_BYTES / (1024 * 1024));
}

/** Reference image formats as users know them: "JPG", "PNG", "WEBP". */
export function referenceImageFormatLabels(): string[] {
  return REFERENCE_IMAGE_TYPES.map((type) => {
    const subtype = type.slice(type.indexOf('/') + 1).toUpperCase();
    return subtype === 'JPEG' ? 'JPG' : subtype;
  });
}

/** What the yearly period saves against twelve monthly payments, in cents. */
export function yearlySavingsCents(plan: Plan): number {
  return plan.monthlyPriceCents * YEARLY_PERIOD_MONTHS - plan.yearlyPriceCents;
}
