import { getIP } from 'better-auth/api';
import type pg from 'pg';
import type { TrialConfig } from '#server/config/trial.server';
import { inviteCodeFrom, recordInvitation } from '#server/invites/invitations.server';
import { inviteHasher, markAccount, requestMarks } from '#server/invites/invite-marks.server';
import type { Logger } from '#server/logger.server';
import { DEVICE_COOKIE, deviceIdOf, grantTrial, newDeviceId, trialHasher } from './trial-grant.server';

/**
 * What a new account gets around Better Auth (ADR 0040): the invite it came through, recorded when the account is
 * made, and the free first video when its e-mail is confirmed (by the link, or by Google at creation). Built by the
 * composition root and handed to `createAuth` (accounts knows neither trials nor invites).
 */

interface NewAccountOptions {
  pool: pg.Pool;
  trial: TrialConfig;
  secret: string;
  /** Better Auth's own client-address settings, so the trial's limit counts the address its rate limits do. */
  ipAddress: { ipAddressHeaders: string[]; trustedProxies: string[] };
  secureCookies: boolean;
  logger: Logger;
}

interface NewUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** The parts of Better Auth's endpoint context these hooks read. */
interface EndpointContext {
  request?: Request | undefined;
  setCookie: (
    name: string,
    value: string,
    options: { maxAge: number; path: string; httpOnly: boolean; sameSite: 'lax'; secure: boolean },
  ) => unknown;
}

const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

export function createNewAccountHooks(options: NewAccountOptions) {
  const { pool, logger } = options;
  const hash = trialHasher(options.secret);
  const inviteHash = inviteHasher(options.secret);
  const ipOptions = { advanced: { ipAddress: options.ipAddress } };
  // A browser that confirmed without a device id gets the one its trial was counted under (set by `after`).
  const newDevices = new WeakMap<Request, string>();

  /** The trial of a confirmed e-mail. Its failure is logged, never the confirmation's: the account still works. */
  async function emailConfirmed(user: NewUser, request: Request | undefined): Promise<void> {
    let deviceId = request ? deviceIdOf(request.headers) : null;
    if (request && !deviceId) {
      deviceId = newDeviceId();
      newDevices.set(request, deviceId);
    }
    try {
      const address = request ? getIP(request, ipOptions) : null;
      const outcome = await grantTrial(pool, options.trial, hash, {
        userId: user.id,
        email: user.email,
        address,
        deviceId,
      });
      logger.info({ userId: user.id, outcome }, 'trial decided');
    } catch (error) {
      logger.error({ err: error, userId: user.id }, 'trial grant failed');
    }
  }

  return {
    emailConfirmed,
    /**
     * Better Auth's `user.create.after`: the invite cookie is remembered, and every account's device and network
     * as invite marks (ADR 0046: an invitee from its inviter's place does not count); a Google account is
     * confirmed already.
     */
    async userCreated(user: NewUser, context: EndpointContext | null): Promise<void> {
      const request = context?.request;
      const code = request ? inviteCodeFrom(request.headers) : null;
      if (request) {
        const marks = requestMarks(inviteHash, deviceIdOf(request.headers), getIP(request, ipOptions));
        await markAccount(pool, user.id, marks);
      }
      if (code) await recordInvitation(pool, user.id, code);
      if (user.emailVerified) await emailConfirmed(user, request);
    },
    /** After any auth endpoint: the device id a trial was just counted under goes to the browser. */
    setDeviceCookie(context: EndpointContext): void {
      const deviceId = context.request ? newDevices.get(context.request) : undefined;
      if (!deviceId) return;
      context.setCookie(DEVICE_COOKIE, deviceId, {
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
      });
    },
  };
}
