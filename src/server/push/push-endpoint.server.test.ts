import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, OutboundRefused } from '#server/outbound/outbound-request.server';
import { pushEndpointPolicy } from './push-endpoint.server';

/** Which endpoints a push subscription may name (ADR 0048), without a server or DNS. */

const policy = pushEndpointPolicy(['http://127.0.0.1:3301']);

function refusal(endpoint: string) {
  try {
    checkOutboundUrl(endpoint, policy);
    return undefined;
  } catch (error) {
    if (error instanceof OutboundRefused) return error.reason;
    throw error;
  }
}

describe('push endpoint policy', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://web.push.apple.com/QGx3Yb',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAC',
    'http://127.0.0.1:3301/push/abc',
  ])('takes %s', (endpoint) => {
    expect(refusal(endpoint)).toBeUndefined();
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'insecure_scheme'],
    ['http://127.0.0.1:3302/push/abc', 'insecure_scheme'],
    ['https://fcm.googleapis.com:8443/fcm/send/x', 'host_not_allowed'],
    ['https://fcm.googleapis.com./fcm/send/x', 'host_not_allowed'],
    ['https://fcm.googleapis.com.evil.example/x', 'host_not_allowed'],
    ['https://evilpush.apple.com/x', 'host_not_allowed'],
    ['https://notify.windows.com.evil.example/x', 'host_not_allowed'],
    ['https://push.example.com/send/x', 'host_not_allowed'],
    ['https://localhost/x', 'internal_address'],
    ['https://2130706433/x', 'internal_address'],
    ['https://[::ffff:127.0.0.1]/x', 'internal_address'],
  ])('refuses %s (%s)', (endpoint, reason) => {
    expect(refusal(endpoint)).toBe(reason);
  });
});
