/**
 * Every claim true (ADR 0029): each discount and resolution a page states is derived here from the catalogue
 * (src/shared/catalogue.ts), on the pages as they are prerendered for visitors and the signed-in purchase page,
 * and the test fails when a page says more than the prices and the modes give.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CREDIT_PACKAGES,
  catalogueYearlyDiscountPercent,
  MASTER_RESOLUTIONS,
  MODE_RESOLUTION,
  PLANS,
  packageDiscountPercent,
  TRIAL_CREDITS,
  TRIAL_VALIDITY_DAYS,
  VIDEO_COST_CREDITS,
  VIDEO_QUALITIES,
  type VideoQuality,
} from '#shared/catalogue';
import { creditsContract } from '#shared/credits.contract';
import { modeFigures, offeredLengthRange, planModeFigures } from '#shared/mode-figures';
import { credits } from '#tests/support/web-fixtures';
import { pageTest } from '#tests/support/web-page';
import { render } from './entry-prerender';
import { stopWaiting } from './features/billing/lib/checkout-waiting';
import BuyCreditsPage from './features/billing/pages/buy-credits-page';
import { ModePrices } from './features/help/components/mode-prices';

const MODE_NAMES: Record<VideoQuality, string> = { draft: 'Rascunho', fast: 'Fast', quality: 'Quality' };
const RESOLUTION_CLAIM = /\b(?:\d{3,4}p|[248]k|full hd|ultra hd)\b/gi;

/** A page's visible text, each element's text apart from its neighbours'. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ');
}

/**
 * The mode named closest to a position in the text, within the same stretch of 80 characters (singular or plural);
 * at equal distance the name before the claim, as in "Quality 1080p Rascunho 360p".
 */
function nearestMode(text: string, index: number, length: number): VideoQuality | null {
  let best: { quality: VideoQuality; distance: number } | null = null;
  for (const quality of VIDEO_QUALITIES) {
    for (const match of text.matchAll(new RegExp(`\\b${MODE_NAMES[quality]}s?\\b`, 'g'))) {
      const start = match.index;
      const end = start + match[0].length;
      const distance = end <= index ? index - end : start - (index + length);
      const closer = !best || distance < best.distance || (distance === best.distance && end <= index);
      if (distance >= 0 && distance <= 80 && closer) best = { quality, distance };
    }
  }
  return best?.quality ?? null;
}

/** Each resolution the text claims, with the mode it is said of (null: said of no mode). */
function resolutionClaims(text: string): { claim: string; mode: VideoQuality | null; context: string }[] {
  return [...text.matchAll(RESOLUTION_CLAIM)].map((match) => ({
    claim: match[0],
    mode: nearestMode(text, match.index, match[0].length),
    context: text.slice(Math.max(0, match.index - 60), match.index + 60),
  }));
}

/**
 * What the catalogue lets a page say: each mode's own resolution, and HD / Full HD as their names; Quality also its
 * 4K master (MASTER_RESOLUTIONS, ADR 0033).
 */
function allowedFor(mode: VideoQuality): string[] {
  const resolution = MODE_RESOLUTION[mode];
  const masters = mode === 'quality' ? MASTER_RESOLUTIONS.filter((master) => master !== resolution) : [];
  return [resolution, resolution === '1080p' ? 'full hd' : 'hd', ...masters];
}

function expectTrueResolutions(text: string) {
  const claims = resolutionClaims(text);
  for (const { claim, mode, context } of claims) {
    expect(mode, `"${claim}" names no mode: …${context}…`).not.toBeNull();
    if (mode)
      expect(allowedFor(mode), `"${claim}" said of ${mode}: …${context}…`).toContain(claim.toLowerCase());
  }
  return claims;
}

/** Each "N% de desconto" the text states, as numbers. */
function statedDiscounts(text: string): number[] {
  return [...text.matchAll(/(\d+)\s?% de desconto/g)].map((match) => Number(match[1]));
}

const DERIVED_DISCOUNTS = CREDIT_PACKAGES.map((pkg) => packageDiscountPercent(pkg)).filter(
  (percent) => percent > 0,
);
/** Every discount a page may state: a package's, or the yearly plans' saving against twelve monthly payments. */
const ALLOWED_DISCOUNTS = [...DERIVED_DISCOUNTS, catalogueYearlyDiscountPercent()];

describe('Every claim on the public pages is the catalogue’s', () => {
  it('derives each package discount from the prices against the smallest package, never the spec’s 15/25/35', () => {
    // 109,90 / 100 credits is the base; 359,90 / 350, 659,90 / 700 and 1.199,90 / 1.500 save 6.4, 14.2 and 27.2 %.
    expect(DERIVED_DISCOUNTS).toEqual([6, 14, 27]);
  });

  it.each(['/', '/pricing', '/how-it-works', '/faq', '/terms'] as const)(
    '%s states only the resolution each mode delivers and only derived discounts',
    async (path) => {
      const text = textOf((await render(path, 'pt-BR')).html);
      expectTrueResolutions(text);
      for (const percent of statedDiscounts(text)) expect(ALLOWED_DISCOUNTS).toContain(percent);
    },
  );

  it('labels both modes with their resolution wherever the landing and pricing offer them', async () => {
    for (const path of ['/', '/pricing'] as const) {
      const claims = expectTrueResolutions(textOf((await render(path, 'pt-BR')).html));
      for (const quality of VIDEO_QUALITIES) {
        expect(
          claims.some((claim) => claim.mode === quality),
          `${path} labels ${quality}`,
        ).toBe(true);
      }
    }
  });

  it('the landing and pricing say the first video is free with the catalogue’s trial, one Fast video', async () => {
    // "um vídeo Fast" holds only while the trial pays for one.
    expect(TRIAL_CREDITS).toBeGreaterThanOrEqual(VIDEO_COST_CREDITS.fast);
    for (const path of ['/', '/pricing'] as const) {
      const text = textOf((await render(path, 'pt-BR')).html);
      expect(text, path).toContain(
        `Seu primeiro vídeo é grátis: ${TRIAL_CREDITS} créditos (um vídeo Fast) ao confirmar o e-mail, válidos por ${TRIAL_VALIDITY_DAYS} dias`,
      );
    }
  });

  it('pricing shows every package’s derived discount, what it is measured against, and the yearly saving', async () => {
    const text = textOf((await render('/pricing', 'pt-BR')).html);
    expect(statedDiscounts(text).sort((a, b) => a - b)).toEqual(DERIVED_DISCOUNTS);
    expect(text).toContain('comparados ao pacote de 100 créditos (R$ 1,10 por crédito)');
    expect(text).toContain(`-${catalogueYearlyDiscountPercent()}%`);
  });

  it('the landing hero no longer promises 1080p for every video', async () => {
    const text = textOf((await render('/', 'pt-BR')).html);
    expect(text).toContain(
      `no modo Fast em ${MODE_RESOLUTION.fast} ou no Quality em ${MODE_RESOLUTION.quality}`,
    );
  });

  it.each(['/', '/pricing', '/how-it-works', '/terms'] as const)(
    '%s states the clip lengths offered, never one fixed 8 s (ADR 0058)',
    async (path) => {
      const text = textOf((await render(path, 'pt-BR')).html);
      const { min, max } = offeredLengthRange();
      expect(text).not.toMatch(/(?:vídeos?|incluem|de) (?:de )?8 (?:segundos|s)\b(?! ou)/);
      expect(text).toMatch(new RegExp(`${min} a ${max} (?:segundos|s)\\b`));
    },
  );
});

/** Each "até N vídeos de S s ou M de T s" a text states, as "N×S" (pt-BR writes 1.050 for 1050). */
function statedVideoCounts(text: string): string[] {
  const count = (value: string | undefined) => (value ?? '').replaceAll('.', '');
  return [...text.matchAll(/até ([\d.]+) vídeos de (\d+) s(?: ou ([\d.]+) de (\d+) s)?/g)].flatMap(
    (match) => {
      const base = `${count(match[1])}×${match[2]}`;
      return match[3] ? [base, `${count(match[3])}×${match[4]}`] : [base];
    },
  );
}

describe('The plan cards’ video counts per length are the catalogue’s', () => {
  it('states, for every plan and period, each mode’s videos at 8 s and at the longest length, derived from the prices', async () => {
    const text = textOf((await render('/pricing', 'pt-BR')).html);
    const derived = PLANS.flatMap((plan) =>
      (['monthly', 'yearly'] as const).flatMap((period) =>
        planModeFigures(plan, period).flatMap(({ lengths }) =>
          lengths.map(({ videos, seconds }) => `${videos}×${seconds}`),
        ),
      ),
    );
    const stated = statedVideoCounts(text);
    expect(stated.length).toBeGreaterThan(0);
    expect(stated.sort()).toEqual([...derived].sort());
    // Starter's draft line, as a reader sees it: 100 credits are 25 drafts of 8 s (4 each) or 20 of 10 s (5 each).
    expect(text).toContain('Rascunho (360p): até 25 vídeos de 8 s ou 20 de 10 s');
  });
});

describe('Every claim on the purchase page is the catalogue’s', () => {
  const { api, renderPage } = pageTest();

  it('states only derived discounts, their basis, and each mode’s own resolution', async () => {
    api().answer(creditsContract.getCredits, credits(0));
    // A purchase another file of this worker started would show the page waiting for its payment.
    stopWaiting();
    await renderPage(<BuyCreditsPage />, {
      route: '/dashboard/buy-credits',
      url: '/dashboard/buy-credits',
      namespaces: ['billing', 'credits'],
    });
    await screen.findByTestId('buy-credits-balance-value');
    const text = textOf(document.body.innerHTML);
    expect(statedDiscounts(text).sort((a, b) => a - b)).toEqual(DERIVED_DISCOUNTS);
    expect(text).toContain('comparados ao pacote de 100 créditos (R$ 1,10 por crédito)');
    const claims = expectTrueResolutions(text);
    for (const quality of VIDEO_QUALITIES) expect(claims.some((claim) => claim.mode === quality)).toBe(true);
  });
});

describe('The help page’s modes and prices are the catalogue’s', () => {
  const { renderPage } = pageTest();

  it('states each mode’s credits at 8 s and at the longest length, derived from requestCredits', async () => {
    await renderPage(<ModePrices />, {
      route: '/dashboard/help',
      url: '/dashboard/help',
      namespaces: ['help'],
    });
    const rows = [...screen.getByTestId('help-mode-prices').querySelectorAll('tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual(
      modeFigures(0).map(({ quality, resolution, lengths }) => [
        `${MODE_NAMES[quality]} (${resolution})`,
        ...lengths.map(({ credits }) => `${credits} créditos`),
      ]),
    );
    // As a reader sees it: a 10 s Fast video costs ceil(10 × 10 / 8) = 13 credits.
    expect(rows[1]).toEqual(['Fast (720p)', '10 créditos', '13 créditos']);
    expectTrueResolutions(textOf(document.body.innerHTML));
  });
});
