import type { SessionData, SessionSource } from '#server/kernel/session.server';

/**
 * Each web process keeps the sessions Better Auth validated for SESSION_CACHE_MS, keyed by the exact signed cookie
 * value it validated, so a signed-in read costs a Map lookup instead of Better Auth's endpoint machinery, two HMAC
 * checks and a database read (docs/decisions/0020). Better Auth's own cookie cache (`session.cookieCache`) is not
 * used: a `session_data` cookie stays valid in the browser until its maxAge whatever the database says, so "sign
 * out of all devices" could not end the other devices' sessions at once, and it is still decoded through the same
 * machinery on every request (https://better-auth.com/docs/concepts/session-management, "Cookie Cache").
 *
 * What ends an entry before its time, in this process: a session deleted or a user updated through Better Auth
 * (its database hooks: sign-out, revoke-session(s), password change and reset, two-factor), and any write a
 * signed-in user makes through Cena's API (profile, account deletion). In every process: a session event — the
 * triggers of drizzle/0020_session_events.sql notify any deleted session and any changed user on the realtime
 * channel, whoever made the change — within the notification's delay (milliseconds). Whatever happens (a lost
 * notification, a LISTEN connection down, after which the hub has every entry dropped), no entry lives longer than
 * SESSION_CACHE_MS: that is the stated revocation window.
 */

export const SESSION_CACHE_MS = 10_000;
/** Past this many entries the oldest go first: a bound on memory (about 2 KB each), not a working-set size. */
const MAX_ENTRIES = 50_000;

/** Better Auth's `advanced.cookiePrefix`: its cookies are `cena.session_token` and so on. */
export const COOKIE_PREFIX = 'cena';

/** Better Auth's session cookie, `__Secure-` prefixed when cookies are Secure (its `createCookieGetter`). */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}${COOKIE_PREFIX}.session_token`;
}

export interface SessionRead {
  headers: Headers;
  response: SessionData | null;
}

interface Entry {
  data: SessionData;
  userId: string;
  until: number;
}

/** The value of cookie `name` in a Cookie header, as sent (still URI-encoded and signed). */
function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export class SessionCache implements SessionSource {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  /** Bumped by every forget: a read that started before one does not store what it read. */
  private generation = 0;

  constructor(
    private readonly readFromAuth: (headers: Headers) => Promise<SessionRead>,
    private readonly cookieName: string,
    private readonly now: () => number = Date.now,
  ) {}

  async read(headers: Headers): Promise<SessionRead> {
    const cookie = cookieValue(headers.get('cookie'), this.cookieName);
    if (!cookie) return { headers: new Headers(), response: null };
    const now = this.now();
    const cached = this.entries.get(cookie);
    if (cached && cached.until > now) return { headers: new Headers(), response: cached.data };
    if (cached) this.drop(cookie);
    const generation = this.generation;
    const read = await this.readFromAuth(headers);
    if (read.response && generation === this.generation) this.store(cookie, read.response, now);
    return read;
  }

  /** The user's sessions or profile changed: their next request reads the session from Better Auth again. */
  forgetUser(userId: string): void {
    this.generation++;
    for (const cookie of this.byUser.get(userId) ?? []) this.entries.delete(cookie);
    this.byUser.delete(userId);
  }

  /** Every user's next request reads the session afresh (session events may have been missed). */
  forgetAll(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  private store(cookie: string, data: SessionData, now: number): void {
    const expires = new Date(data.session.expiresAt).getTime();
    const userId = data.user.id;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.entries.set(cookie, { data, userId, until: Math.min(now + SESSION_CACHE_MS, expires) });
    let cookies = this.byUser.get(userId);
    if (!cookies) {
      cookies = new Set();
      this.byUser.set(userId, cookies);
    }
    cookies.add(cookie);
  }

  private drop(cookie: string): void {
    const entry = this.entries.get(cookie);
    if (!entry) return;
    this.entries.delete(cookie);
    const cookies = this.byUser.get(entry.userId);
    cookies?.delete(cookie);
    if (cookies?.size === 0) this.byUser.delete(entry.userId);
  }
}
