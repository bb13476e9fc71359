import { serve } from '@hono/node-server';
import type { Config } from '#server/config.server';
import { type createApp, serverResponseFor } from './app.server';
import { closeConnectionsInStages } from './lingering-close.server';

export type HttpServer = ReturnType<typeof serve>;

/**
 * An idle keep-alive connection outlives the proxy's: the proxy (or any pooling client) then always closes first and
 * never sends a request into a socket we are closing, which surfaces as a 502 or a "socket closed" error. AWS ALB
 * closes idle connections after 60 s and asks targets to wait longer; Node's own default is 5 s
 * (https://docs.aws.amazon.com/elasticloadbalancing/latest/application/application-load-balancers.html#connection-idle-timeout).
 */
const KEEP_ALIVE_MS = 65_000;

/** Serves `app` on the configured address: headers at the head (ADR 0068), connections closed in stages. */
export async function listen(app: ReturnType<typeof createApp>, config: Config): Promise<HttpServer> {
  const serverOptions = { ServerResponse: await serverResponseFor(config) };
  return new Promise<HttpServer>((resolve, reject) => {
    const listening = serve(
      { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions },
      () => resolve(listening),
    );
    if ('keepAliveTimeout' in listening) {
      closeConnectionsInStages(listening);
      listening.keepAliveTimeout = KEEP_ALIVE_MS;
      // Node's headers timeout must exceed the keep-alive one, or it ends a kept connection early.
      listening.headersTimeout = KEEP_ALIVE_MS + 1_000;
    }
    listening.once('error', reject);
  });
}
