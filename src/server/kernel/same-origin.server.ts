import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '#server/config.server';
import { type AppEnv, apiError } from './errors.server';

/**
 * Cross-site request refusal for state-changing requests. The session cookie is SameSite=Lax, which keeps it off
 * cross-site POSTs but not off same-site ones (another port or a sibling subdomain is "same site"), so every unsafe
 * request must also name our own origin. Browsers send `Origin` on every POST, PUT, PATCH and DELETE, fetch or
 * form (Fetch standard, "append a request `Origin` header"); `Referer` stands in where an old browser or a privacy
 * setting leaves it out. A request with neither is refused too: no browser of ours sends one like that.
 */

/** `npm run dev` serves the pages from Vite, which proxies /api: its origin is ours in local mode. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

/** The origins our own pages are served from (Better Auth's trustedOrigins use the same list). */
export function trustedOrigins(config: Pick<Config, 'appUrl' | 'isProduction'>): string[] {
  const app = new URL(config.appUrl).origin;
  return config.isProduction ? [app] : [app, VITE_DEV_ORIGIN];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}

/** True when the request says it comes from one of `origins` (Origin first, else Referer). */
export function fromOwnOrigin(c: Context<AppEnv>, origins: readonly string[]): boolean {
  const origin = c.req.header('origin') ?? originOf(c.req.header('referer'));
  return origin !== undefined && origins.includes(origin);
}

/**
 * Refuses unsafe methods from any other origin with 403 before any handler runs; `exempt` paths (signed webhooks,
 * which no browser sends) are let through.
 */
export function requireSameOrigin(
  origins: readonly string[],
  exempt: readonly string[] = [],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.includes(c.req.path) || fromOwnOrigin(c, origins)) {
      return next();
    }
    c.get('logger').info(
      { origin: c.req.header('origin')?.slice(0, 200), path: c.req.path },
      'cross-site request refused',
    );
    // The usual cause in local mode: the page was opened at another name of this machine (127.0.0.1 while
    // APP_URL says localhost). The answer names the address the app expects.
    return apiError(
      c,
      403,
      'cross_site_request',
      `Requisição recusada: ela não veio do endereço da Cena. Abra a Cena em ${origins[0] ?? 'seu endereço'} e tente novamente.`,
    );
  };
}
