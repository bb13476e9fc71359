import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) on the page as it is now, evaluated through the DevTools protocol
 * (`page.evaluate`), which the pages' CSP does not block.
 */

const axeSource = axe.source;

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
  await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async () =>
      (await (
        window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }
      ).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      })) as { violations: AxeViolation[] },
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
