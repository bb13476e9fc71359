/**
 * What the trial (ADR 0047) knows of an e-mail's domain, in one place. Nothing here reaches the network: a catch-all
 * domain cannot be told apart by probing (no SMTP, no MX look-up), so it is recognised by its count of trials
 * instead, and that count is only meaningful for a domain that is not a public mailbox provider.
 */

/**
 * Public mailbox providers: millions of unrelated people share each of these domains, so their trials are never
 * counted per domain (one person's trial would end everyone's). Their own rules already make one inbox one person
 * (no catch-all, and Gmail's dots and `+tags` are normalised in `normalizeEmail`). The largest providers worldwide
 * and those most used in Brazil.
 */
const PUBLIC_MAILBOX_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.com.br',
  'hotmail.com',
  'hotmail.com.br',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.com.br',
  'ymail.com',
  'rocketmail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'zoho.com',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'ig.com.br',
  'globo.com',
  'globomail.com',
  'r7.com',
  'oi.com.br',
]);

/**
 * Disposable (throwaway) mailbox services: a sample of the most used ones. A maintained list is an npm package
 * (see ADR 0047); `isDisposableDomain` is the one place it would be read, so the package replaces this set there.
 */
const DISPOSABLE_DOMAINS: ReadonlySet<string> = new Set([
  'mailinator.com',
  'guerrillamail.com',
  'guerrillamail.net',
  'sharklasers.com',
  'grr.la',
  '10minutemail.com',
  '10minutemail.net',
  'temp-mail.org',
  'tempmail.com',
  'tempmail.net',
  'tempmailo.com',
  'throwawaymail.com',
  'yopmail.com',
  'yopmail.net',
  'getnada.com',
  'nada.email',
  'dispostable.com',
  'maildrop.cc',
  'mailnesia.com',
  'trashmail.com',
  'fakeinbox.com',
  'emailondeck.com',
  'mohmal.com',
  'mintemail.com',
  'mytemp.email',
  'spamgourmet.com',
  'tempr.email',
  'discard.email',
  'mailpoof.com',
  'burnermail.io',
]);

/** Second-level labels under which a country's domains are registered (`empresa.com.br`, `empresa.co.uk`). */
const REGISTRY_SECOND_LEVELS: ReadonlySet<string> = new Set([
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'co',
  'ac',
  'adv',
  'art',
  'eng',
  'ind',
  'inf',
  'med',
  'tec',
  'tur',
]);

/**
 * The domain that one owner controls: `a.empresa.com.br` and `b.empresa.com.br` are one, since a catch-all
 * usually answers for every subdomain too. An approximation of the registrable domain without the public suffix
 * list: the last two labels, or three under a country's registry level (`com.br`, `co.uk`).
 */
export function registrableDomain(domain: string): string {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  const [second = '', top = ''] = labels.slice(-2);
  const underRegistry = labels.length >= 3 && top.length === 2 && REGISTRY_SECOND_LEVELS.has(second);
  return labels.slice(underRegistry ? -3 : -2).join('.');
}

export function isPublicMailboxDomain(domain: string): boolean {
  return PUBLIC_MAILBOX_DOMAINS.has(domain.toLowerCase());
}

/** Whether a disposable service answers for `domain` (itself or a parent: `x.mailinator.com` too). */
export function isDisposableDomain(domain: string): boolean {
  const labels = domain.toLowerCase().split('.');
  return labels.some((_, i) => i < labels.length - 1 && DISPOSABLE_DOMAINS.has(labels.slice(i).join('.')));
}
