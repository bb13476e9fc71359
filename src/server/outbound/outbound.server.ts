/**
 * The outbound room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the one guard for calls
 * to a user's URL (ADR 0048). Other rooms import this file, never one inside the room (biome.json).
 */
export type { OutboundPolicy, Resolver } from './outbound-request.server';
export {
  checkOutboundTarget,
  checkOutboundUrl,
  OutboundRefused,
  outboundRequest,
} from './outbound-request.server';
