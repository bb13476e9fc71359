import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, TIME_ZONES } from './accounts';

/** Brazil's zones as the IANA database lists them for BR (tzdata zone1970.tab) that the profile must offer. */
const BRAZIL = [
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Cuiaba',
  'America/Rio_Branco',
  'America/Noronha',
];
const FOREIGN = ['America/New_York', 'Europe/London', 'Europe/Paris'];

describe('time zones offered in the profile', () => {
  it("offers Brazil's own zones first, São Paulo (the default) leading, then the others", () => {
    expect(TIME_ZONES[0]).toBe(DEFAULT_TIME_ZONE);
    for (const zone of BRAZIL) expect(TIME_ZONES).toContain(zone);
    const firstForeign = Math.min(...FOREIGN.map((zone) => TIME_ZONES.indexOf(zone as never)));
    expect(TIME_ZONES.slice(firstForeign)).toEqual(FOREIGN);
  });

  it('names only zones the runtime knows, each with its own offset where Brazil has four', () => {
    for (const zone of TIME_ZONES)
      expect(() => new Intl.DateTimeFormat('pt-BR', { timeZone: zone })).not.toThrow();
    const offset = (zone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
        .formatToParts(new Date('2026-07-01T12:00:00Z'))
        .find((part) => part.type === 'timeZoneName')?.value;
    expect(BRAZIL.map(offset)).toEqual(['GMT-3', 'GMT-4', 'GMT-4', 'GMT-5', 'GMT-2']);
  });
});
