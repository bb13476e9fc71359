import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './pt-BR';

/** `credits` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  balance: {
    short_zero: '{{value}} credits',
    short_one: '{{value}} credit',
    short_other: '{{value}} credits',
    label_zero: 'Balance: {{value}} credits. Buy credits',
    label_one: 'Balance: {{value}} credit. Buy credits',
    label_other: 'Balance: {{value}} credits. Buy credits',
    loadingLabel: 'Balance loading. Buy credits',
  },
  expiring: {
    title_one: '{{value}} credit expires soon',
    title_other: '{{value}} credits expire soon',
    days_one: '{{count}} day left before they expire. Use them in time.',
    days_other: '{{count}} days left before they expire. Use them in time.',
    today: 'They expire today. Use them in time.',
    useNow: 'Create a video',
  },
};

export default en;
