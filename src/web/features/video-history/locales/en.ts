import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './pt-BR';

/** `videoHistory` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  documentTitle: 'Video history — Cena',
  title: 'Video history',
  subtitle: 'Follow, filter and export all your video requests.',
  /** The variation the creator kept ('Ficar com esta'): the group's cover, shown first. */
  keptVariation: 'Kept',
  filters: {
    title: 'Filters',
    search: 'Search by prompt',
    searchPlaceholder: 'Search in the prompt…',
    quality: 'Quality',
    qualityAll: 'All',
    status: 'Status',
    statusAll: 'All',
    from: 'From',
    to: 'To',
    invalidDay: 'Invalid date: use dd/mm/yyyy, within the period.',
    period: 'Period',
    today: 'Today',
    last7: '7 days',
    last30: '30 days',
    clear: 'Clear filters',
    openCount: 'Filters ({{active}})',
    sheetDescription: 'Changes apply right away; the search stays above the list.',
    showResults_zero: 'Show 0 results',
    showResults_one: 'Show {{count}} result',
    showResults_other: 'Show {{count}} results',
    done: 'Show results',
  },
  exportCsv: 'Export CSV',
  exported: 'CSV file exported successfully!',
  exportError: 'Error exporting the CSV file',
  origin: {
    original: 'New video',
    extension: 'Extension',
    edit: 'Edit',
    finish: 'Finished copy',
    film: 'Film',
  },
  /** A story (Roteiro, ADR 0062): one item of the list, which opens its board. */
  story: {
    label: 'Story',
    meta_one: '{{count}} shot · {{seconds}} s',
    meta_other: '{{count}} shots · {{seconds}} s',
    open: 'Open story',
    openLabel: 'Open the story {{title}}',
  },
  columns: {
    date: 'Date/Time',
    prompt: 'Prompt',
    quality: 'Quality',
    aspectRatio: 'Aspect ratio',
    credits: 'Credits',
    status: 'Status',
    actions: 'Actions',
  },
  view: 'View details',
  viewLabel: 'View details of the request from {{date}}',
  total_zero: '0 requests',
  total_one: '{{count}} request',
  total_other: '{{count}} requests',
  empty: {
    title: 'No requests yet',
    body: 'Your videos show up here as soon as you create the first one.',
    create: 'Create first video',
  },
  noResults: {
    title: 'No results found',
    body: 'Adjust or clear the filters to see other requests.',
  },
  loadError: 'Error loading the history',
  retry: 'Try again',
  loading: 'Loading history…',
  pager: {
    label: 'Pagination',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}}',
    summary: 'Page {{page}} of {{totalPages}}',
  },
};

export default en;
