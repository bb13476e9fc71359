/**
 * What the budget's statements share (provider-budget.server.ts, quota-lesson.server.ts, ADR 0061).
 */

/**
 * A create counts against the minute a little longer than Google's minute: Cena records it just before it leaves
 * and Google just after it arrives, so on the window's edge the two counts differ by the trip; 2 % keeps Cena's on
 * the safe side (bench:queue saw a 429 on that edge without it).
 */
export const WINDOW_GUARD = 1.02;
/** A limit a 429 stated is trusted for a day: the project's tier (and so its limits) may rise meanwhile. */
export const STATED_LIMIT_TTL = "interval '1 day'";

// Google resets requests per day "at midnight Pacific time" (https://ai.google.dev/gemini-api/docs/rate-limits).
const PACIFIC_DAY = `date_trunc('day', now() AT TIME ZONE 'America/Los_Angeles')`;
export const PACIFIC_MIDNIGHT = `(${PACIFIC_DAY} AT TIME ZONE 'America/Los_Angeles')`;
export const NEXT_PACIFIC_MIDNIGHT = `((${PACIFIC_DAY} + interval '1 day') AT TIME ZONE 'America/Los_Angeles')`;

/** The least of the figures given (null and undefined: no limit). */
export const lowest = (...values: (number | null | undefined)[]): number =>
  Math.min(...values.map((value) => value ?? Number.POSITIVE_INFINITY));
