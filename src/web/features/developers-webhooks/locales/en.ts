import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './pt-BR';

/** `webhooks` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  title: 'Webhooks',
  description:
    'Cena tells your systems when something happens in your account: a signed POST (Standard Webhooks) to the address you register.',
  form: {
    url: 'Address (URL)',
    urlHint: 'It must be https and public, for example https://your-system.com/webhooks/cena.',
    urlPlaceholder: 'https://your-system.com/webhooks/cena',
    events: 'Events',
    eventsMissing: 'Pick at least one event.',
    submit: 'Register webhook',
    error: 'Could not register the webhook',
  },
  events: {
    'video.completed': 'Video completed',
    'video.failed': 'Video failed (with the refund)',
    'story.completed': 'Story completed',
    'credits.low': 'Credits running low',
  },
  secret: {
    title: 'Signing secret',
    warning: 'Copy it now: for your safety, this secret will not be shown again.',
    copy: 'Copy',
    copied: 'Secret copied',
    done: 'I saved it',
  },
  list: {
    empty: 'No webhooks registered.',
    loading: 'Loading webhooks…',
    loadError: 'Could not load the webhooks.',
    retry: 'Try again',
    enabled: 'Active',
    disabled: 'Disabled',
    disabledHint: 'Disabled after failing for 24 hours. Press “Resend” on a delivery to turn it back on.',
    streak_one: '{{count}} failure in a row',
    streak_other: '{{count}} failures in a row',
    delete: 'Delete',
    deleteTitle: 'Delete this webhook?',
    deleteDescription: 'Nothing more will be sent to {{url}}, and its delivery history will be erased.',
    deleteCancel: 'Cancel',
    deleteError: 'Could not delete the webhook',
  },
  deliveries: {
    title: 'Recent deliveries',
    empty: 'No deliveries yet.',
    pending: 'Pending',
    delivered: 'Delivered',
    failed: 'Failed',
    code: 'Answer {{code}}',
    noAnswer: 'No answer',
    attempts_one: '{{count}} attempt',
    attempts_other: '{{count}} attempts',
    next: 'Next attempt on {{date}}',
    resend: 'Resend',
    resendError: 'Could not resend',
  },
};

export default en;
