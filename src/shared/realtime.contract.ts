import { defineContract } from './api-contract';

/** `/api/events`: the signed-in user's server-sent events (docs/accounts-contract.md). */
export const realtimeContract = defineContract({
  streamEvents: {
    method: 'get',
    path: '/api/events',
    summary: "Server-sent events: changes to the user's video requests and credits",
    tag: 'realtime',
    auth: 'session',
    responses: { 200: { description: 'An event stream.', contentType: 'text/event-stream' } },
    errors: {
      too_many_streams: {
        status: 429,
        description: 'The user already holds the most streams allowed at once',
      },
      shutting_down: { status: 503, description: 'The server is restarting: the browser reconnects' },
    },
  },
});
