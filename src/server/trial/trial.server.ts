/**
 * The trial room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the free first video (ADR
 * 0040, ADR 0047): the grant, the new-account hooks and the retention sweep. Other rooms import this file,
 * never one inside the room (biome.json).
 */
export { createNewAccountHooks } from './new-account-hooks.server';
export { DEVICE_COOKIE, deviceIdOf, newDeviceId } from './trial-grant.server';
export { paidWithTrialCredits } from './trial-mark.server';
export { registerTrialRetention } from './trial-retention.server';
