import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './pt-BR';

/** `developers` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  documentTitle: 'Developers — Cena',
  title: 'Developers',
  subtitle:
    "Use Cena from your own systems: the API makes videos with your account's credits, under the same rules as the site.",
  back: 'Back to profile',
  link: {
    body: "API keys to make videos from your own systems, with your account's credits.",
    open: 'Open Developers',
  },
  keys: {
    title: 'API keys',
    description:
      'Send the key in the Authorization: Bearer header. It works until revoked; keep it like a password.',
    loading: 'Loading keys…',
    loadError: 'Could not load the keys.',
    retry: 'Try again',
    empty: 'No keys yet. Create one to start.',
    listLabel: 'Your API keys',
    createdAt: 'Created on {{date}}',
    lastUsed: 'Last used: {{date}}',
    neverUsed: 'Not used yet',
    dailyLimit: 'Limit: {{count}} credits a day',
    noLimit: 'No daily limit (only the balance)',
    revoke: 'Revoke',
    revokeLabel: 'Revoke the key {{name}}',
    revokeTitle: 'Revoke {{name}}?',
    revokeBody:
      'Systems using this key stop working at once. This cannot be undone: to come back, create another key.',
    revokeConfirm: 'Revoke key',
    cancel: 'Cancel',
    revoked: 'Key revoked.',
    error: 'Could not finish. Try again.',
  },
  scopes: {
    read: 'Read videos, balance and cast',
    create: 'Create videos (spends credits)',
  },
  form: {
    title: 'New key',
    name: 'Name',
    namePlaceholder: 'E.g. Online store',
    scopes: 'Permissions',
    dailyLimit: 'Daily credit limit (optional)',
    dailyLimitHint:
      'The key spends no more than this a day (midnight, Brasília time). Empty: only the balance limits it.',
    submit: 'Create key',
    submitting: 'Creating…',
    nameRequired: 'Name the key.',
    scopeRequired: 'Choose at least one permission.',
    limitInvalid: 'Use a whole number of credits, from 1.',
  },
  token: {
    title: 'Your new key: {{name}}',
    body: 'Copy it now: for your security, it will not be shown again.',
    copy: 'Copy key',
    copied: 'Key copied.',
    copyError: 'Could not copy. Select the text and copy it.',
    done: 'I have copied it',
  },
};

export default en;
