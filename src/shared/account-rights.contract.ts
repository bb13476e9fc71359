import { deleteAccountBodySchema, deleteAccountResponseSchema } from './account-rights';
import { defineContract } from './api-contract';

/** The customer's rights under the LGPD (art. 18): export and deletion (docs/accounts-contract.md). */
export const accountRightsContract = defineContract({
  exportMyData: {
    method: 'get',
    path: '/api/me/export',
    summary: 'Export my data (LGPD art. 18): a JSON attachment cena-meus-dados-{date}.json',
    description:
      'Streamed: profile and settings, subscriptions, payments, sessions (device and times), credit grants and ' +
      'ledger entries, every video request with signed links to its media (valid 7 days), the invite code and ' +
      'invitations, push devices (the push service host only) and captions (cues, WebVTT, burned-in MP4 link). ' +
      'At most 5 per hour.',
    tag: 'accounts',
    auth: 'session',
    responses: { 200: { description: 'The export, as an attachment.', contentType: 'application/json' } },
    errors: {
      too_many_exports: { status: 429, description: 'Too many exports lately (Retry-After: seconds)' },
    },
  },
  deleteAccount: {
    method: 'delete',
    path: '/api/me',
    summary: 'Delete my account (LGPD art. 18)',
    description:
      'Needs the password, and the authenticator code when two-factor is on. Signs out every device at once, ' +
      'cancels any subscription, deletes profile, settings, video requests and their media, and keeps payment ' +
      'and credit records without personal data. `completed` is false while the background job finishes. ' +
      'A refusal changes nothing.',
    tag: 'accounts',
    auth: 'session',
    body: { schema: deleteAccountBodySchema },
    responses: {
      200: { description: '`{ deleted: true, completed }`.', schema: deleteAccountResponseSchema },
    },
    errors: {
      wrong_password: 403,
      password_not_set: { status: 403, description: 'The account signs in with Google only: no password' },
      two_factor_required: { status: 403, description: 'Two-factor is on and no code was sent' },
      wrong_two_factor_code: { status: 403, description: 'A wrong or already used code' },
      too_many_attempts: { status: 429, description: 'Too many password checks lately: wait' },
    },
  },
});
