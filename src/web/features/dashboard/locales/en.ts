import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './pt-BR';

/** `dashboard` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  documentTitle: 'Dashboard — Cena',
  greeting: { morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening' },
  greetingWithName: '{{greeting}}, {{name}}!',
  greetingAlone: '{{greeting}}!',
  subtitle: 'Keep track of your credits and get your next video ready.',
  stats: {
    title: 'Statistics',
    rangeLabel: 'Period',
    rangeMenu: 'Statistics period: {{range}}',
    ranges: {
      today: 'Today',
      week: 'This week',
      month: 'This month',
      '3months': 'Last 3 months',
      year: 'This year',
      all: 'All time',
    },
    videosCreated: 'Videos created',
    balance: 'Credit balance',
    thisMonth: 'This month',
    mostUsedQuality: 'Most-used mode',
    videosUnit_zero: 'videos',
    videosUnit_one: 'video',
    videosUnit_other: 'videos',
    creditsUnit_zero: 'credits',
    creditsUnit_one: 'credit',
    creditsUnit_other: 'credits',
    creditsSpent_zero: '{{count}} credits spent in the period',
    creditsSpent_one: '{{count}} credit spent in the period',
    creditsSpent_other: '{{count}} credits spent in the period',
    thisMonthHint: 'Videos created since the 1st',
    qualityHint: 'In the selected period',
    balanceHint: 'Available now',
    quality: { draft: 'Draft', fast: 'Fast', quality: 'Quality', none: '—' },
    error: 'Could not load the statistics.',
    retry: 'Try again',
  },
  actions: {
    title: 'Quick actions',
    create: 'Create video',
    createHint: 'Describe a scene and get it in minutes',
    buyCredits: 'Buy credits',
    buyCreditsHint: 'Packages valid for 30 days',
    history: 'View history',
    historyHint: 'All your videos',
  },
  gift: {
    title: 'Your first video is a gift',
    body: 'You got {{credits}} free credits: one Fast ({{resolution}}) video on us. They are valid until {{date}}.',
  },
  firstVideo: {
    title: 'Create your first video',
    body: 'Describe a scene and Cena generates a short video with audio. Start from this example or write your own idea.',
    sampleLabel: 'Sample prompt',
    samplePrompt:
      'A steaming cup of coffee on a wooden table at dawn, golden light coming through the window, the camera slowly moving closer',
    useSample: 'Create with this example',
    ownIdea: 'Write my own idea',
  },
  recent: {
    title: 'Recent activity',
    seeAll: 'See all',
    seeAllLabel: 'See all requests in the history',
    empty: 'No videos yet',
    emptyBody: 'Create your first video and it will show up here.',
    createFirst: 'Create your first video',
    error: 'Could not load recent activity.',
    retry: 'Try again',
    status: { queued: 'Queued', generating: 'Generating', ready: 'Ready', failed: 'Failed' },
  },
};

export default en;
