import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_TOKEN_PATTERN } from '#shared/api-keys';

/**
 * An API key's token (ADR 0063): `cena_<prefix>_<secret>`, 8 random bytes of prefix in hex (how the server finds the
 * key, and how the list shows it) and 32 random bytes of secret in base64url. The server stores the SHA-256 of the
 * whole token: a token has 256 bits of entropy, so a fast hash is enough (a slow password hash defends guessable
 * secrets, which a token is not), and a leaked table gives no token back.
 */

export interface IssuedToken {
  token: string;
  prefix: string;
  secretHash: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function issueToken(): IssuedToken {
  const prefix = randomBytes(8).toString('hex');
  const token = `cena_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { token, prefix, secretHash: hashToken(token) };
}

/** What the list shows of a key: enough to recognise it, never enough to use it. */
export const shownPrefix = (prefix: string) => `cena_${prefix}`;

/**
 * The token of an `Authorization: Bearer <token>` header: undefined without the header or with another scheme,
 * `malformed` for a Bearer credential that is not a Cena token (refused without a database read). The scheme is
 * case-insensitive (RFC 9110 §11.1).
 */
export function bearerToken(
  header: string | undefined,
): { prefix: string; token: string } | 'malformed' | undefined {
  if (!header) return undefined;
  const match = /^bearer\s+(.*)$/i.exec(header.trim());
  if (!match) return undefined;
  const token = match[1]?.trim() ?? '';
  const parsed = API_KEY_TOKEN_PATTERN.exec(token);
  return parsed?.[1] ? { prefix: parsed[1], token } : 'malformed';
}

/** True when the request says it carries a key: the key decides, and no cookie is read. */
export const sendsBearer = (header: string | undefined) =>
  header !== undefined && /^\s*bearer\b/i.test(header);
