import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type pg from 'pg';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { INVITE_COOKIE, INVITE_COOKIE_MAX_AGE_SECONDS } from '#shared/invites';
import { invitesContract } from '#shared/invites.contract';
import { inviteCodeExists, invitesOf } from './invites.server';

/** `GET /api/invites`: the signed-in user's invite link and the accounts it brought (ADR 0040). */
export function invitesRoutes(pool: pg.Pool, guards: Guards, appUrl: string): Hono<AppEnv> {
  return routesFromContract(
    invitesContract,
    { base: '/api/invites', guards },
    { getInvites: async (c) => c.json(await invitesOf(pool, sessionOf(c).user.id, appUrl)) },
  );
}

/**
 * `/convite/{code}`: remembers a known code in a first-party cookie (the sign-up reads it) and opens the sign-up
 * tab; an unknown code opens the sign-up tab all the same, without it.
 */
export function inviteLinkRoutes(pool: pg.Pool, secureCookies: boolean): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/convite/:code', async (c) => {
    const code = c.req.param('code').toLowerCase();
    if (!(await inviteCodeExists(pool, code))) return c.redirect('/auth/login?tab=signup', 302);
    setCookie(c, INVITE_COOKIE, code, {
      path: '/',
      maxAge: INVITE_COOKIE_MAX_AGE_SECONDS,
      sameSite: 'Lax',
      secure: secureCookies,
    });
    return c.redirect(`/auth/login?tab=signup&convite=${code}`, 302);
  });
}
