import type { OutboundPolicy, Resolver } from '#server/outbound/outbound-request.server';

/**
 * Where a push subscription may point (ADR 0048): a browser's own push service, over https on its default port.
 * Each browser has one and a site cannot choose it (https://blog.pushpad.xyz/2022/03/what-are-the-browser-push-services/):
 * - Chrome and the Chromium browsers (Opera, Samsung Internet, Brave): Firebase Cloud Messaging,
 *   `https://fcm.googleapis.com/fcm/send/…` (https://pushpad.xyz/blog/web-push-what-is-an-endpoint);
 * - Firefox: Mozilla autopush, `https://updates.push.services.mozilla.com/wpush/v2/…` (same pages);
 * - Safari on macOS 13+ and Home Screen web apps on iOS 16.4+: Apple's web push service, `https://web.push.apple.com/…`;
 *   Apple's page tells senders to allow `*.push.apple.com`
 *   (https://developer.apple.com/documentation/usernotifications/sending-web-push-notifications-in-web-apps-and-browsers);
 * - Edge: the Windows Push Notification Services, whose channel URIs live under `*.notify.windows.com`
 *   (https://learn.microsoft.com/windows/apps/design/shell/tiles-and-notifications/windows-push-notification-services--wns--overview).
 * A new browser's push service is one line here.
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com'];
const PUSH_SERVICE_DOMAINS = ['.push.apple.com', '.notify.windows.com'];

function isPushService(url: URL): boolean {
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname;
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain));
}

/**
 * The outbound guard's rules for a push endpoint, at subscription and at delivery. `extraOrigins` are the local
 * stand-ins of WEB_PUSH_EXTRA_ORIGINS (the tests' push service; refused in production by config/push.server.ts).
 */
export function pushEndpointPolicy(extraOrigins: readonly string[], resolve?: Resolver): OutboundPolicy {
  return { allowsUrl: isPushService, exemptOrigins: extraOrigins, ...(resolve ? { resolve } : {}) };
}
