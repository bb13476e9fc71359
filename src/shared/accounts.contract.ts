import { meResponseSchema, profilePatchSchema } from './accounts';
import { birthDateBodySchema } from './age';
import { defineContract } from './api-contract';

/** `/api/me` and `/api/me/profile`: who is signed in and their profile (docs/accounts-contract.md). */
export const accountsContract = defineContract({
  getMe: {
    method: 'get',
    path: '/api/me',
    summary: 'The signed-in user, their profile and whether they are an admin',
    tag: 'accounts',
    auth: 'session',
    responses: { 200: { description: '`{ user, profile, isAdmin }`.', schema: meResponseSchema } },
  },
  updateProfile: {
    method: 'patch',
    path: '/api/me/profile',
    summary: 'Change name, language or time zone',
    tag: 'accounts',
    auth: 'session',
    body: { schema: profilePatchSchema },
    responses: {
      200: { description: 'The updated `{ user, profile, isAdmin }`.', schema: meResponseSchema },
    },
  },
  setBirthDate: {
    method: 'post',
    path: '/api/me/birth-date',
    summary:
      'Give the birth date an account made before the age rule or with Google lacks (asked before paying, ADR 0066)',
    tag: 'accounts',
    auth: 'session',
    body: { schema: birthDateBodySchema },
    responses: {
      200: { description: 'The updated `{ user, profile, isAdmin }`.', schema: meResponseSchema },
    },
    errors: {
      under_age: { status: 403, description: 'Under 18 on the day in Brasília time: nothing is stored' },
      birth_date_already_set: { status: 409, description: 'The account has a birth date already' },
    },
  },
});

const BETTER_AUTH_SUMMARY =
  'Better Auth endpoints (sign-up, sign-in, session, e-mail verification, password reset, 2FA)';

/**
 * The codes Cena's guard in front of Better Auth answers itself (accounts/auth.routes.server.ts); every other
 * error is Better Auth's own code, its message in pt-BR (accounts/auth-errors.server.ts).
 */
const BETTER_AUTH_ERRORS = {
  payload_too_large: 413,
  INTERNAL_SERVER_ERROR: { status: 500, description: 'Better Auth threw (logged)' },
  TOO_MANY_REQUESTS: {
    status: 429,
    description: "Better Auth's rate limits, with `X-Retry-After` (seconds)",
  },
} as const;

/**
 * `/api/auth/*`, handed to Better Auth (docs/accounts-contract.md): one documented entry per method, the path's
 * last parameter standing for the rest of the path.
 */
export const authContract = defineContract({
  getAuth: {
    method: 'get',
    path: '/api/auth/{betterAuthPath}',
    summary: BETTER_AUTH_SUMMARY,
    description:
      'Handled by Better Auth (GET and POST on /api/auth/*): see https://www.better-auth.com/docs/concepts/api ' +
      'for the endpoints and their bodies, e.g. GET /api/auth/get-session, POST /api/auth/sign-in/email.',
    tag: 'accounts',
    auth: 'none',
    wildcard: true,
    responses: { 200: 'See Better Auth.' },
    errors: BETTER_AUTH_ERRORS,
  },
  postAuth: {
    method: 'post',
    path: '/api/auth/{betterAuthPath}',
    summary: BETTER_AUTH_SUMMARY,
    description: 'Handled by Better Auth: see https://www.better-auth.com/docs/concepts/api.',
    tag: 'accounts',
    auth: 'none',
    wildcard: true,
    responses: { 200: 'See Better Auth.' },
    errors: {
      ...BETTER_AUTH_ERRORS,
      UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'A body that is not JSON' },
      INVALID_JSON: 400,
      TOO_DEEP: { status: 400, description: 'JSON nested too deep' },
      INVALID_CHARACTERS: { status: 400, description: 'U+0000 in the body' },
      UNDER_AGE: { status: 403, description: 'Sign-up with a `birthDate` under 18 years ago (ADR 0066)' },
    },
  },
});
