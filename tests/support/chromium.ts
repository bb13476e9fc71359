import { existsSync } from 'node:fs';

/**
 * Where the browser tests find Chromium, and whether it is there. Checked once per run by the global setup, which
 * says so in one line when it is missing — or, in CI, fails the run: CI must run them.
 *
 * Debian's `chromium-headless-shell` first: Chromium's headless shell, the same Blink and V8 without the browser
 * around them, which is what Playwright itself runs for headless Chromium ("Playwright runs a separate chromium
 * headless shell build for headless operation", https://github.com/microsoft/playwright/issues/33566). It spends
 * 40–75 % less CPU on the same pages than `chromium --headless` (ADR 0077). Debian's full `chromium` still serves.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';

export const CHROME_PATH =
  process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) || !existsSync(FULL) ? HEADLESS_SHELL : FULL);
export const hasChromium = existsSync(CHROME_PATH);

export function announceMissingChromium(): void {
  if (hasChromium) return;
  if (process.env.CI === 'true') {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}: CI needs it (apt-get install -y chromium-headless-shell).`,
    );
  }
  console.log(
    `Browser tests skipped: no Chromium at ${CHROME_PATH} (apt-get install chromium-headless-shell, or set CHROME_PATH).`,
  );
}
