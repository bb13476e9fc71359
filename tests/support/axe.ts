import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) on the page as it is now, evaluated through the DevTools protocol
 * (`page.evaluate`), which the pages' CSP does not block.
 */

/**
 * The package's minified build (654 kB, where `axe.source` is the 1.48 MB unminified one): the same engine, less
 * to send over the DevTools protocol and to compile on each page it checks (ADR 0072, browser tests).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Puts axe in every page of `context` before the page's own scripts, so a walk over many pages sends it once, not
 * once per page (an init script is not subject to the page's CSP either:
 * https://playwright.dev/docs/api/class-browsercontext#browser-context-add-init-script).
 */
export async function addAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axeSource });
}

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // Every rule still runs and every violation is reported in full; only the passes, the incomplete and the
  // inapplicable are cut to one node each (their selectors not computed), which nobody reads here. axe's API,
  // "Options Parameter" and "Section 4: Performance" (and axe.js's processAggregate, which does the cut):
  // https://github.com/dequelabs/axe-core/blob/develop/doc/API.md#options-parameter
  resultTypes: ['violations'],
};

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * The serious and critical violations, one line each, of the page once its finite animations have ended: a dialog
 * fading in is read by axe at its opacity of the moment, so its text's contrast is measured against a colour nobody
 * sees once it has settled (an endless one, a spinner, is not waited for).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async (options) =>
      (await (
        window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<unknown> } }
      ).axe.run(document, options)) as { violations: AxeViolation[] },
    AXE_OPTIONS,
  );
  return violations.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
          .join(' | ')}`,
    );
}
