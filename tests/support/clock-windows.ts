/**
 * The calendar windows the product counts in, read from this machine's clock. A test that asserts a count "today" or
 * "this hour" while the server reads its own clock can straddle the window's edge; `againIfCrossed` runs such a check
 * once more when the window changed under a failing run, so no assertion has to allow for the edge.
 */

const dayIn = (timeZone: string) => () => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

/** Today in São Paulo, where the product's days, dashboards and daily limits are counted. */
export const saoPauloDay = dayIn('America/Sao_Paulo');

/** Today in Google's Pacific time: the requests-per-day quota resets at its midnight. */
export const pacificDay = dayIn('America/Los_Angeles');

/** The UTC hour, as per-hour counts bucket it. */
export const utcHour = (): string => new Date().toISOString().slice(0, 13);

/**
 * Runs `check`; when it fails and `windowOf` changed while it ran (a day or an hour turned), runs it once more in the
 * new window. `check` must set up what it counts itself (fresh users, fresh rows), so the second run stands alone.
 */
export async function againIfCrossed<T>(windowOf: () => string, check: () => Promise<T>): Promise<T> {
  const before = windowOf();
  try {
    return await check();
  } catch (error) {
    if (windowOf() === before) throw error;
    return check();
  }
}
