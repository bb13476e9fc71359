export type GreetingPeriod = 'morning' | 'afternoon' | 'evening';

/** The hour (0–23) of `date` in `timeZone`; falls back to the browser's zone for an unknown zone. */
export function hourIn(date: Date, timeZone: string): number {
  try {
    const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(
      date,
    );
    return Number.parseInt(hour, 10) % 24;
  } catch {
    return date.getHours();
  }
}

/** Spec §2: 'Bom dia' before 12h, 'Boa tarde' before 18h, else 'Boa noite' — in the user's time zone. */
export function greetingPeriod(date: Date, timeZone: string): GreetingPeriod {
  const hour = hourIn(date, timeZone);
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
