import { describe, expect, it } from 'vitest';
import {
  CREDIT_PACKAGES,
  catalogueYearlyDiscountPercent,
  catalogueYearlyFreeMonths,
  findPackage,
  findPlan,
  lowestPricePerVideoCents,
  modelModeOf,
  PLANS,
  periodPricePerVideoCents,
  planCreditsPerInvoice,
  planVideosPerInvoice,
  pricePerCreditCents,
  pricePerVideoCents,
  referenceImageFormatLabels,
  referenceImageMaxMegabytes,
  requestCredits,
  VIDEO_COST_CREDITS,
  YEARLY_PERIOD_MONTHS,
  yearlyDiscountPercent,
  yearlyFreeMonths,
  yearlyMonthlyEquivalentCents,
  yearlySavingsCents,
} from './catalogue';
import { formatBRL, formatDecimal2 } from './format';
import { planModeFigures, quotedLengths } from './mode-figures';

const plan = (id: string) => {
  const found = findPlan(id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
};

describe('plan catalogue (spec §9)', () => {
  it('lists the four plans with their BRL prices and credits', () => {
    expect(
      PLANS.map((p) => [p.id, formatBRL(p.monthlyPriceCents), formatBRL(p.yearlyPriceCents), p.credits]),
    ).toEqual([
      ['starter', 'R$ 99,90', 'R$ 990,00', 100],
      ['creator', 'R$ 319,90', 'R$ 3.199,00', 350],
      ['pro', 'R$ 599,90', 'R$ 5.999,00', 700],
      ['studio', 'R$ 1.099,90', 'R$ 10.999,00', 1500],
    ]);
    expect(PLANS.filter((p) => p.isPopular).map((p) => p.id)).toEqual(['creator']);
    expect(PLANS.filter((p) => p.isBestValue).map((p) => p.id)).toEqual(['studio']);
  });

  it('shows yearly plans as a monthly equivalent rounded to whole reais', () => {
    expect(PLANS.map((p) => formatBRL(yearlyMonthlyEquivalentCents(p)))).toEqual([
      'R$ 83,00',
      'R$ 267,00',
      'R$ 500,00',
      'R$ 917,00',
    ]);
  });

  it('gives the yearly discount as about 17% for every plan', () => {
    expect(PLANS.map(yearlyDiscountPercent)).toEqual([17, 17, 17, 17]);
  });

  it('prices one video per quality on the monthly plan, rounded to the cent', () => {
    expect(formatBRL(pricePerVideoCents(plan('starter'), 'fast'))).toBe('R$ 9,99');
    expect(formatBRL(pricePerVideoCents(plan('starter'), 'quality'))).toBe('R$ 24,98');
    expect(formatBRL(pricePerVideoCents(plan('studio'), 'fast'))).toBe('R$ 7,33');
    expect(formatBRL(pricePerVideoCents(plan('studio'), 'quality'))).toBe('R$ 18,33');
  });

  it('grants twelve months of credits on a yearly invoice', () => {
    expect(planCreditsPerInvoice(plan('creator'), 'monthly')).toBe(350);
    expect(planCreditsPerInvoice(plan('creator'), 'yearly')).toBe(4200);
  });

  it('derives the Fast and Quality video counts from the credits and costs (spec §9’s figures)', () => {
    for (const p of PLANS) {
      expect(planVideosPerInvoice(p, 'monthly', 'fast')).toBe(Math.floor(p.credits / 10));
      expect(planVideosPerInvoice(p, 'monthly', 'quality')).toBe(Math.floor(p.credits / 25));
    }
    expect(
      PLANS.map((p) => [
        planVideosPerInvoice(p, 'monthly', 'fast'),
        planVideosPerInvoice(p, 'monthly', 'quality'),
      ]),
    ).toEqual([
      [10, 4],
      [35, 14],
      [70, 28],
      [150, 60],
    ]);
  });

  it('quotes each mode at 8 s and at the default model’s longest, 10 s, rounding the price up', () => {
    expect(quotedLengths()).toEqual([8, 10]);
    const starter = planModeFigures(plan('starter'), 'monthly').map(({ quality, lengths }) => [
      quality,
      lengths.map(({ seconds, credits, videos }) => `${videos} × ${seconds} s (${credits})`),
    ]);
    expect(starter).toEqual([
      ['draft', ['25 × 8 s (4)', '20 × 10 s (5)']],
      ['fast', ['10 × 8 s (10)', '7 × 10 s (13)']],
      ['quality', ['4 × 8 s (25)', '3 × 10 s (32)']],
    ]);
  });
});

describe('credit packages (spec §9)', () => {
  it('lists the four packages with prices and per-credit prices to 2 decimals', () => {
    expect(
      CREDIT_PACKAGES.map((p) => [
        p.id,
        p.credits,
        formatBRL(p.priceCents),
        formatDecimal2(pricePerCreditCents(p)),
      ]),
    ).toEqual([
      ['small', 100, 'R$ 109,90', '1,10'],
      ['medium', 350, 'R$ 359,90', '1,03'],
      ['large', 700, 'R$ 659,90', '0,94'],
      ['xlarge', 1500, 'R$ 1.199,90', '0,80'],
    ]);
    expect(CREDIT_PACKAGES.filter((p) => p.isPopular).map((p) => p.id)).toEqual(['medium']);
  });

  it('finds packages and plans only by their known ids', () => {
    expect(findPackage('large')?.credits).toBe(700);
    expect(findPackage('huge')).toBeUndefined();
    expect(findPlan('enterprise')).toBeUndefined();
  });
});

describe('derived figures for the public pages', () => {
  it('every plan saves about two months (17%) on the yearly period', () => {
    for (const p of PLANS) expect(yearlyFreeMonths(p)).toBe(2);
    expect(catalogueYearlyFreeMonths()).toBe(2);
    expect(catalogueYearlyDiscountPercent()).toBe(17);
    expect(yearlySavingsCents(plan('starter'))).toBe(20880);
    expect(yearlySavingsCents(plan('studio'))).toBe(219980);
  });

  it('a yearly invoice pays for twelve months of videos', () => {
    const starter = plan('starter');
    expect(YEARLY_PERIOD_MONTHS).toBe(12);
    expect(planVideosPerInvoice(starter, 'monthly', 'fast')).toBe(10);
    expect(planVideosPerInvoice(starter, 'monthly', 'quality')).toBe(4);
    expect(planVideosPerInvoice(starter, 'yearly', 'fast')).toBe(120);
    expect(planVideosPerInvoice(starter, 'yearly', 'quality')).toBe(48);
  });

  it('prices one video per billing period, rounded half up', () => {
    const starter = plan('starter');
    expect(periodPricePerVideoCents(starter, 'fast', 'monthly')).toBe(999);
    expect(periodPricePerVideoCents(starter, 'quality', 'monthly')).toBe(2498);
    expect(periodPricePerVideoCents(starter, 'fast', 'yearly')).toBe(825);
  });

  it('finds the lowest price per video across plans and periods', () => {
    expect(lowestPricePerVideoCents('fast')).toBe(611);
    expect(lowestPricePerVideoCents('quality')).toBe(1528);
  });

  it('reads the reference image limits as 5 MB and JPG, PNG, WEBP', () => {
    expect(referenceImageMaxMegabytes()).toBe(5);
    expect(referenceImageFormatLabels()).toEqual(['JPG', 'PNG', 'WEBP']);
  });
});

describe('modes, lengths and their prices (ADR 0033)', () => {
  it('keeps the 8-second prices of the specification and scales by the second, rounded up', () => {
    expect(requestCredits({ quality: 'fast' })).toBe(10);
    expect(requestCredits({ quality: 'quality' })).toBe(25);
    expect(requestCredits({ quality: 'fast', clipSeconds: 5 })).toBe(7);
    expect(requestCredits({ quality: 'quality', clipSeconds: 10 })).toBe(32);
    expect(requestCredits({ quality: 'draft', clipSeconds: 3 })).toBe(2);
  });

  it('prices a draft at a third of Fast (rounded up) and a 4K master at twice Quality', () => {
    expect(VIDEO_COST_CREDITS.draft).toBe(Math.ceil(VIDEO_COST_CREDITS.fast / 3));
    expect(4 * VIDEO_COST_CREDITS.draft).toBeLessThan(2 * VIDEO_COST_CREDITS.fast);
    expect(requestCredits({ quality: 'quality', resolution: '4k' })).toBe(2 * VIDEO_COST_CREDITS.quality);
    expect(requestCredits({ quality: 'quality', resolution: '4k', clipSeconds: 3 })).toBe(19);
    // The master resolution is Quality's only: another mode keeps its own price.
    expect(requestCredits({ quality: 'fast', resolution: '4k' })).toBe(10);
  });

  it('runs a draft on the Fast model', () => {
    expect(modelModeOf('draft')).toBe('fast');
    expect(modelModeOf('quality')).toBe('quality');
  });
});
