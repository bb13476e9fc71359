import { existsSync } from 'node:fs';

/**
 * Where the browser tests find Chromium (Debian's by default), and whether it is there. Checked once per run by the
 * global setup, which says so in one line when it is missing — or, in CI, fails the run: CI must run them.
 */

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROME_PATH);

export function announceMissingChromium(): void {
  if (hasChromium) return;
  if (process.env.CI === 'true') {
    throw new Error(`Chromium not found at ${CHROME_PATH}: CI needs it (apt-get install -y chromium).`);
  }
  console.log(
    `Browser tests skipped: no Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH).`,
  );
}
