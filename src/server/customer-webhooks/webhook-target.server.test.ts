import { describe, expect, it } from 'vitest';
import { targetRefusal } from './webhook-target.server';

/** The registration check (ADR 0064 over the guard of ADR 0048), with a resolver standing in for DNS. */

const NAMES: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'inward.example.com': ['93.184.216.34', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  localhost: ['127.0.0.1'],
};
const resolve = async (hostname: string) => {
  const addresses = NAMES[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: 4 }));
};
const production = { isProduction: true, resolve };
const development = { isProduction: false, resolve };

describe('where an endpoint may point', () => {
  it('in production: a public https name only; loopback, private and link-local refused, by name too', async () => {
    expect(await targetRefusal('https://hooks.example.com/cena', production)).toBeUndefined();
    for (const url of [
      'https://127.0.0.1:8443/hook',
      'https://[::1]/hook',
      'https://localhost/hook',
      'https://2130706433/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/hook',
      'https://inward.example.com/hook',
      'https://metadata.example.com/hook',
    ]) {
      expect(await targetRefusal(url, production), url).toBe('url_not_allowed');
    }
    expect(await targetRefusal('http://127.0.0.1:4000/hook', production)).toBe('insecure_url');
    expect(await targetRefusal('http://hooks.example.com/cena', production)).toBe('insecure_url');
    expect(await targetRefusal('https://user:pass@hooks.example.com/', production)).toBe('invalid_url');
    expect(await targetRefusal('hooks.example.com/cena', production)).toBe('invalid_url');
    expect(await targetRefusal('https://nowhere.example.com/', production)).toBe('unknown_host');
  });

  it('outside production: a receiver on this machine over http too, but never the private network', async () => {
    expect(await targetRefusal('http://127.0.0.1:4000/hook', development)).toBeUndefined();
    expect(await targetRefusal('http://localhost:4000/hook', development)).toBeUndefined();
    expect(await targetRefusal('http://[::1]:4000/hook', development)).toBeUndefined();
    expect(await targetRefusal('https://10.1.2.3/hook', development)).toBe('url_not_allowed');
    expect(await targetRefusal('https://169.254.169.254/', development)).toBe('url_not_allowed');
    expect(await targetRefusal('http://hooks.example.com/cena', development)).toBe('insecure_url');
  });
});
