import { defineContract } from './api-contract';
import { creditsResponseSchema } from './credits';

/** `/api/credits` (docs/accounts-contract.md). */
export const creditsContract = defineContract({
  getCredits: {
    method: 'get',
    path: '/api/credits',
    summary: 'Balance, credits expiring soon, grants and recent ledger entries',
    tag: 'credits',
    auth: 'session',
    apiKey: 'read',
    responses: { 200: { description: 'The credits summary.', schema: creditsResponseSchema } },
  },
});
