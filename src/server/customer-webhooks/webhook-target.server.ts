import {
  checkOutboundTarget,
  type OutboundPolicy,
  OutboundRefused,
  type Resolver,
} from '#server/outbound/outbound.server';

/**
 * Where an endpoint may point (ADR 0064, ADR 0048): the outbound guard's rules — https, no credentials in the URL,
 * a name whose every address is public, no redirect — at registration and again at every delivery, with the
 * addresses resolved then (a name that later resolves inward is refused at the delivery).
 *
 * Outside production a receiver on the machine itself (loopback: `127.0.0.0/8`, `[::1]`, the `localhost` names) is
 * reached as it is, over http too: a developer's local receiver and the tests'. Private and link-local addresses
 * stay refused there as well; in production nothing is exempt.
 */

export interface TargetRules {
  isProduction: boolean;
  /** The system resolver unless a test gives its own. */
  resolve?: Resolver;
}

const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost\.?|.+\.localhost\.?)$/;

function parsedOrigin(target: string): URL | undefined {
  return URL.canParse(target) ? new URL(target) : undefined;
}

/** The guard's policy for one target URL. */
export function webhookTargetPolicy(target: string, rules: TargetRules): OutboundPolicy {
  const resolve = rules.resolve ? { resolve: rules.resolve } : {};
  const url = parsedOrigin(target);
  if (rules.isProduction || !url || !LOOPBACK_HOST.test(url.hostname)) return resolve;
  return { exemptOrigins: [url.origin], ...resolve };
}

export type TargetRefusal = 'invalid_url' | 'insecure_url' | 'url_not_allowed' | 'unknown_host';

/** Why a URL cannot be registered; undefined when it can. */
export async function targetRefusal(target: string, rules: TargetRules): Promise<TargetRefusal | undefined> {
  try {
    await checkOutboundTarget(target, webhookTargetPolicy(target, rules));
    return undefined;
  } catch (error) {
    if (!(error instanceof OutboundRefused)) return 'unknown_host';
    if (error.reason === 'invalid_url') return 'invalid_url';
    if (error.reason === 'insecure_scheme') return 'insecure_url';
    return 'url_not_allowed';
  }
}
