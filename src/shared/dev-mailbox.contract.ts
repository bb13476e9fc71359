import { defineContract } from './api-contract';
import { devMailboxSchema } from './dev-mailbox';

/** `/api/dev/mailbox`, mounted in local mode only (no SMTP; docs/accounts-contract.md). */
export const devMailboxContract = defineContract({
  listDevMail: {
    method: 'get',
    path: '/api/dev/mailbox',
    summary: 'Local mode only (no SMTP): the e-mails Cena would have sent, newest first',
    tag: 'dev',
    auth: 'none',
    localOnly: true,
    responses: { 200: { description: '`{ messages }`.', schema: devMailboxSchema } },
  },
});
