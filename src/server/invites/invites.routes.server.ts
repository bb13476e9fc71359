import { getIP } from 'better-auth/api';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type pg from 'pg';
import type { AppEnv } from '#server/kernel/errors.server';
import { apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { INVITE_INVITEE_CREDITS, TRIAL_CREDITS } from '#shared/catalogue';
import { INVITE_COOKIE, INVITE_COOKIE_MAX_AGE_SECONDS } from '#shared/invites';
import { invitesContract } from '#shared/invites.contract';
import { inviteCodeExists, inviterFirstName, invitesOf } from './invitations.server';
import { inviteHasher, markAccount, requestMarks } from './invite-marks.server';

/**
 * The browser's device id (the trial's `cena_device` cookie, ADR 0040), given by the composition root: the trial owns
 * the cookie, and it already needs the invites.
 */
export interface DeviceCookie {
  name: string;
  idOf: (headers: Headers) => string | null;
  newId: () => string;
}

interface InvitesRoutesOptions {
  pool: pg.Pool;
  guards: Guards;
  appUrl: string;
  /** The auth secret: the marks are keyed by it (ADR 0046). */
  secret: string;
  /** Better Auth's client-address settings, so the mark is the address its rate limits count. */
  ipAddress: { ipAddressHeaders: string[]; trustedProxies: string[] };
  device: DeviceCookie;
}

/**
 * `GET /api/invites`: the signed-in user's invite link and the accounts it brought (ADR 0040). The inviter's device
 * and network are remembered as they look at their link (ADR 0046): an invitee from the same place does not count.
 */
export function invitesRoutes(options: InvitesRoutesOptions): Hono<AppEnv> {
  const { pool, appUrl } = options;
  const hash = inviteHasher(options.secret);
  const ipOptions = { advanced: { ipAddress: options.ipAddress } };
  return routesFromContract(
    invitesContract,
    { base: '/api/invites', guards: options.guards },
    {
      getInvites: async (c) => {
        const userId = sessionOf(c).user.id;
        const request = c.req.raw;
        const deviceId = options.device.idOf(request.headers);
        await markAccount(pool, userId, requestMarks(hash, deviceId, getIP(request, ipOptions)));
        return c.json(await invitesOf(pool, userId, appUrl));
      },
      getInvitePreview: async (c, { params }) => {
        const inviterName = await inviterFirstName(pool, params.code.toLowerCase());
        if (!inviterName) return apiError(c, 404, 'not_found', 'Convite não encontrado.');
        return c.json({ inviterName, bonusCredits: INVITE_INVITEE_CREDITS, trialCredits: TRIAL_CREDITS });
      },
    },
  );
}

const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

/**
 * `/convite/{code}`: remembers a known code in a first-party cookie (the sign-up reads it) and opens the sign-up
 * tab; an unknown code opens the sign-up tab all the same, without it. A browser with no device id gets one here,
 * so the sign-up it makes carries it (ADR 0046: invitees from the inviter's device do not count).
 */
export function inviteLinkRoutes(pool: pg.Pool, secureCookies: boolean, device: DeviceCookie): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/convite/:code', async (c) => {
    const code = c.req.param('code').toLowerCase();
    if (!(await inviteCodeExists(pool, code))) return c.redirect('/auth/login?tab=signup', 302);
    const cookie = { path: '/', sameSite: 'Lax', secure: secureCookies } as const;
    setCookie(c, INVITE_COOKIE, code, { ...cookie, maxAge: INVITE_COOKIE_MAX_AGE_SECONDS });
    if (!getCookie(c, device.name)) {
      setCookie(c, device.name, device.newId(), {
        ...cookie,
        httpOnly: true,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
    }
    return c.redirect(`/auth/login?tab=signup&convite=${code}`, 302);
  });
}
