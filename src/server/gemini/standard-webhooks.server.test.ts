import { describe, expect, it } from 'vitest';
import { verifyWebhook } from './standard-webhooks.server';

/**
 * The Standard Webhooks example vector (the spec's reference libraries test against it): secret, id, timestamp,
 * body and the signature they compute. It pins the HMAC against a value this code did not produce.
 */
const VECTOR = {
  key: Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'),
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: '1614265330',
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const AT = 1614265330 * 1000;
const OTHER_KEY = Buffer.from('b3RoZXIgc2VjcmV0IG9mIGFub3RoZXIgcHJvamVjdA==', 'base64');

function check(overrides: Partial<typeof VECTOR> = {}, keys = [VECTOR.key], now = AT) {
  const value = { ...VECTOR, ...overrides };
  return verifyWebhook(
    { id: value.id, timestamp: value.timestamp, signature: value.signature },
    value.body,
    keys,
    now,
  );
}

describe('Standard Webhooks verification', () => {
  it('accepts the spec vector, and any v1 entry under any configured key (rotation, several projects)', () => {
    expect(check()).toEqual({ ok: true, id: VECTOR.id });
    expect(check({ signature: `v1,bm90IGl0 ${VECTOR.signature}` })).toMatchObject({ ok: true });
    expect(check({}, [OTHER_KEY, VECTOR.key])).toMatchObject({ ok: true });
  });

  it('refuses a changed body, id or timestamp, another key, another version and missing headers', () => {
    expect(check({ body: '{"test": 2432232315}' })).toMatchObject({ ok: false, code: 'invalid_signature' });
    expect(check({ id: 'msg_other' })).toMatchObject({ ok: false, code: 'invalid_signature' });
    expect(check({ timestamp: '1614265331' }, [VECTOR.key], AT)).toMatchObject({
      ok: false,
      code: 'invalid_signature',
    });
    expect(check({}, [OTHER_KEY])).toMatchObject({ ok: false, code: 'invalid_signature' });
    expect(check({ signature: VECTOR.signature.replace('v1,', 'v2,') })).toMatchObject({
      ok: false,
      code: 'invalid_signature',
    });
    expect(check({ signature: '' })).toMatchObject({ ok: false, code: 'invalid_signature' });
    expect(check({ id: '' })).toMatchObject({ ok: false, code: 'invalid_signature' });
    expect(check({ timestamp: 'yesterday' })).toMatchObject({ ok: false, code: 'invalid_signature' });
  });

  it('refuses a genuine signature more than five minutes from the clock, either way', () => {
    expect(check({}, [VECTOR.key], AT + 300_000)).toMatchObject({ ok: true });
    expect(check({}, [VECTOR.key], AT + 301_000)).toMatchObject({ ok: false, code: 'stale_timestamp' });
    expect(check({}, [VECTOR.key], AT - 301_000)).toMatchObject({ ok: false, code: 'stale_timestamp' });
  });
});
