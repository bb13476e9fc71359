import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '#server/gemini/standard-webhooks.server';
import {
  newWebhookSecret,
  openSecret,
  sealSecret,
  secretSealingKey,
  signedHeaders,
} from './webhook-secret.server';

/** The secret's format, its sealing at rest, and signatures that two independent verifiers accept. */

const KEY = secretSealingKey('cena-test-secret-0123456789abcdef0123456789');

describe('an endpoint secret', () => {
  it('is whsec_ and 32 random bytes in base64 (Standard Webhooks: at least 24 bytes), new each time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('is stored sealed: the stored text does not contain it, and only the same auth secret opens it', () => {
    const secret = newWebhookSecret();
    const sealed = sealSecret(KEY, secret);
    expect(sealed).not.toContain(secret.slice('whsec_'.length, 20));
    expect(sealSecret(KEY, secret)).not.toBe(sealed);
    expect(openSecret(KEY, sealed)).toBe(secret);
    expect(() => openSecret(secretSealingKey('another-auth-secret-0123456789abcdef'), sealed)).toThrow();
    const tampered = `${sealed.slice(0, -4)}AAA=`;
    expect(() => openSecret(KEY, tampered)).toThrow();
  });
});

describe('the signed headers of an attempt', () => {
  it('verify with the standardwebhooks package and with the verifier Cena uses for Google’s webhooks', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'video.completed', timestamp: '2026-11-29T08:00:00.000Z', data: {} });
    const at = new Date();
    const headers = signedHeaders(secret, 'msg_abc', at, body);
    expect(headers['webhook-id']).toBe('msg_abc');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const verified = verifyWebhook(
      {
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
      },
      body,
      [key],
    );
    expect(verified).toEqual({ ok: true, id: 'msg_abc' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});
