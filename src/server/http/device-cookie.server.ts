import type { DeviceCookie } from '#server/invites/invites.routes.server';
import { DEVICE_COOKIE, deviceIdOf, newDeviceId } from '#server/trial/trial-grant.server';

/** The trial's device cookie (ADR 0040) as the invites read and set it (ADR 0046); the trial already needs invites. */
export const deviceCookie: DeviceCookie = { name: DEVICE_COOKIE, idOf: deviceIdOf, newId: newDeviceId };
